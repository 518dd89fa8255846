import { useCallback, useState, type ReactNode } from 'react';
import { ErrorBoundary as ReactErrorBoundary, type FallbackProps } from 'react-error-boundary';
import { config } from '../lib/config';
import { logger } from '../lib/logger';

export interface ErrorBoundaryProps {
  /** Name shown in "Something went wrong in {component}". */
  component: string;
  children: ReactNode;
  /** Changing any of these resets the boundary (e.g. the pathname). */
  resetKeys?: unknown[];
}

export interface ErrorScreenProps {
  component: string;
  error: unknown;
  errorCount: number;
  onReset?: () => void;
}

function messageOf(error: unknown): string {
  if (error instanceof Error)
    return error.name === 'ChunkLoadError' ? 'Part of the page could not be loaded.' : error.message;
  return 'An unexpected error occurred.';
}

/** The error screen of site spec section 2; after 3 errors Reset is hidden. */
export function ErrorScreen({ component, error, errorCount, onReset }: ErrorScreenProps) {
  const critical = errorCount >= config.errorBoundaryCriticalThreshold;
  return (
    <div role="alert" className="card mx-auto my-10 max-w-xl border-red-200 bg-red-50/60 text-center">
      {critical ? (
        <>
          <h2 className="text-xl font-semibold text-red-800">Critical Error Detected</h2>
          <p className="mt-2 text-ink-700">
            This part of the page has failed {errorCount} times. Please refresh the page to continue.
          </p>
        </>
      ) : (
        <>
          <h2 className="text-xl font-semibold text-red-800">Something went wrong in {component}</h2>
          <p className="mt-2 text-ink-700">{messageOf(error)}</p>
        </>
      )}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {!critical && onReset ? (
          <button type="button" className="btn btn-primary" onClick={onReset}>
            Reset Component
          </button>
        ) : null}
        <button type="button" className="btn btn-secondary" onClick={() => window.location.reload()}>
          Refresh Page
        </button>
      </div>
    </div>
  );
}

export function ErrorBoundary({ component, children, resetKeys }: ErrorBoundaryProps) {
  const [errorCount, setErrorCount] = useState(0);
  const onError = useCallback(
    (error: unknown) => {
      setErrorCount((count) => count + 1);
      logger.error(`Error in ${component}`, error);
    },
    [component],
  );
  const Fallback = useCallback(
    ({ error, resetErrorBoundary }: FallbackProps) => (
      <ErrorScreen component={component} error={error} errorCount={errorCount} onReset={resetErrorBoundary} />
    ),
    [component, errorCount],
  );
  return (
    <ReactErrorBoundary FallbackComponent={Fallback} onError={onError} {...(resetKeys ? { resetKeys } : {})}>
      {children}
    </ReactErrorBoundary>
  );
}
