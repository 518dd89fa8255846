import type { ReactNode } from 'react';
import { buttonSecondary } from './ui';
import { errorMessage } from '../lib/errors';

export function LoadingState({ label = 'Loading…' }: { label?: string }) {
  return (
    <div role="status" aria-live="polite" className="flex items-center gap-3 py-8 text-ink-600">
      <span
        aria-hidden="true"
        className="h-5 w-5 animate-spin rounded-full border-2 border-ink-300 border-t-brand-700"
      />
      <span>{label}</span>
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-ink-300 bg-white px-6 py-10 text-center">
      <p className="font-medium text-ink-800">{title}</p>
      {children ? <div className="mt-2 text-sm text-ink-600">{children}</div> : null}
    </div>
  );
}

export function ErrorState({
  error,
  fallback = 'This could not be loaded.',
  onRetry,
}: {
  error: unknown;
  fallback?: string;
  onRetry?: () => void;
}) {
  return (
    <div role="alert" className="rounded-lg border border-red-200 bg-red-50 px-4 py-4 text-red-800">
      <p>{errorMessage(error, fallback)}</p>
      {onRetry ? (
        <button type="button" onClick={onRetry} className={`${buttonSecondary} mt-3`}>
          Try again
        </button>
      ) : null}
    </div>
  );
}
