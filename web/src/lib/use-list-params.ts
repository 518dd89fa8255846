import { useSearchParams } from 'react-router-dom';

/**
 * A paged list's state in the URL: the page (1 unless ?page= says otherwise) and update(), which
 * sets the given search parameters and removes those given as ''.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);

  const update = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  return { params, page, update };
}
