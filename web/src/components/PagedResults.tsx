import type { ReactNode } from 'react';
import type { Paginated } from '../features/portal/types';
import { Pagination } from './Pagination';
import { ErrorState, LoadingState } from './States';

/**
 * The states of a paged list query: loading, failed (with Try again), empty, or the items (the
 * children) followed by the page navigation.
 */
export function PagedResults({
  query: { data, isLoading, error, refetch },
  page,
  pageSize,
  onPageChange,
  loadingLabel,
  errorFallback,
  empty,
  pagesLabel,
  children,
}: {
  query: {
    data?: Paginated<unknown> | undefined;
    isLoading: boolean;
    error?: unknown;
    refetch: () => unknown;
  };
  /** The page asked for, shown until the answer says which page it is. */
  page: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  loadingLabel: string;
  errorFallback: string;
  /** Shown when the list loaded and has no items. */
  empty: ReactNode;
  pagesLabel: string;
  children: ReactNode;
}) {
  const count = data?.results.length ?? 0;
  return (
    <>
      {isLoading ? <LoadingState label={loadingLabel} /> : null}
      {error ? <ErrorState error={error} fallback={errorFallback} onRetry={() => void refetch()} /> : null}
      {!isLoading && !error && count === 0 ? empty : null}
      {count > 0 ? (
        <>
          {children}
          <Pagination
            page={data?.page ?? page}
            pageSize={data?.page_size ?? pageSize}
            count={data?.count ?? 0}
            onPageChange={onPageChange}
            label={pagesLabel}
          />
        </>
      ) : null}
    </>
  );
}
