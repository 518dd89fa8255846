import { api } from '../../app/api';
import type { Paginated, Schemas } from '../../app/api-types';

export type ContactRequest = Schemas['CreateContactMessageDto'];

export type NewsSummary = Schemas['NewsSummaryDto'];
export type NewsArticle = Schemas['NewsDetailDto'];
export type { Paginated };

export const publicApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendContactMessage: build.mutation<{ detail?: string }, ContactRequest>({
      query: (body) => ({ url: '/contact/', method: 'POST', body }),
    }),
    getNews: build.query<Paginated<NewsSummary>, { page: number }>({
      query: ({ page }) => ({ url: '/news/', params: { page } }),
      providesTags: (result) => [
        { type: 'News' as const, id: 'LIST' },
        ...(result?.results ?? []).map((n) => ({ type: 'News' as const, id: n.slug })),
      ],
    }),
    getNewsArticle: build.query<NewsArticle, string>({
      query: (slug) => `/news/${encodeURIComponent(slug)}/`,
      providesTags: (_result, _error, slug) => [{ type: 'News', id: slug }],
    }),
  }),
});

export const { useSendContactMessageMutation, useGetNewsQuery, useGetNewsArticleQuery } = publicApi;

export function authorName(author: NewsSummary['author']): string | null {
  // The API sends the name as shown ('' when there is none).
  return author || null;
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = new Date(iso);
  return Number.isNaN(date.getTime())
    ? ''
    : date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}
