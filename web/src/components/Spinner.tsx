const sizes = { sm: 'h-4 w-4 border-2', md: 'h-8 w-8 border-[3px]', lg: 'h-12 w-12 border-4' } as const;

export interface SpinnerProps {
  size?: keyof typeof sizes;
  /** Text for screen readers. */
  label?: string;
  className?: string;
}

export function Spinner({ size = 'md', label = 'Loading', className = '' }: SpinnerProps) {
  return (
    <span className={`inline-flex items-center ${className}`}>
      <span
        aria-hidden="true"
        className={`${sizes[size]} inline-block animate-spin rounded-full border-brand-200 border-t-brand-700`}
      />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/** Centred spinner for a page or a lazy route that is loading. */
export function PageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center" role="status" aria-live="polite">
      <Spinner size="lg" label={label} />
    </div>
  );
}
