import type { Paginated } from '../features/portal/types';

// Some list endpoints answer a bare array and others the paginated envelope; pages read one shape.
export function toPage<T>(raw: Paginated<T> | T[], page = 1, pageSize = 20): Paginated<T> {
  if (Array.isArray(raw)) {
    return { results: raw, count: raw.length, page, page_size: pageSize };
  }
  return raw;
}

export function queryString(params: Record<string, string | number | boolean | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null || value === '') continue;
    search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
