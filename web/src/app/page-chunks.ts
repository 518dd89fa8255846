// The lazy chunks of the public pages, in one place: the router renders them (lazyWithTimeout),
// main.tsx fetches the chunk of the page a visitor lands on once the app chunk has run, and mounts
// the app once it is here, and a link's hover or focus fetches its page's chunk (prefetch-on-intent.ts).
// A page whose chunk is here renders in the first pass; one whose chunk is not shows its Suspense
// fallback, which React 19 keeps on screen at least 300 ms however fast the chunk then arrives
// (a service page opened from a search result painted its text 330 ms after its footer).
import { ASSESSMENT_PAGE_CHUNKS } from '../features/assessment/page-chunks';
import { loadChunk } from '../lib/lazy-with-timeout';

export const PAGE_CHUNKS = {
  about: () => import('../features/public/pages/AboutPage'),
  contact: () => import('../features/public/pages/ContactPage'),
  newsList: () => import('../features/public/pages/NewsListPage'),
  newsArticle: () => import('../features/public/pages/NewsArticlePage'),
  service: () => import('../features/public/pages/ServiceRoute'),
  legal: () => import('../features/public/pages/LegalPage'),
  sitemap: () => import('../features/public/pages/SitemapPage'),
  eligibilityChecker: () => import('../features/public/pages/EligibilityCheckerPage'),
  undoEmailChange: () => import('../features/auth/pages/UndoEmailChangePage'),
  loginLink: () => import('../features/auth/pages/LoginLinkPage'),
  unauthorized: () => import('../features/public/pages/UnauthorizedPage'),
  notFound: () => import('../features/public/pages/NotFoundPage'),
} as const;

/** Which chunk a page needs, by its path (the router's own patterns, without the router). */
const PAGES: readonly (readonly [RegExp, () => Promise<unknown>])[] = [
  [/^\/about\/?$/, PAGE_CHUNKS.about],
  [/^\/contact\/?$/, PAGE_CHUNKS.contact],
  [/^\/news\/?$/, PAGE_CHUNKS.newsList],
  [/^\/news\/[^/]+\/?$/, PAGE_CHUNKS.newsArticle],
  [/^\/services\/[^/]+\/?$/, PAGE_CHUNKS.service],
  [/^\/(terms|terms-of-service|privacy-policy|cookies-policy)\/?$/, PAGE_CHUNKS.legal],
  [/^\/sitemap\/?$/, PAGE_CHUNKS.sitemap],
  [/^\/eligibility-checker\/?$/, PAGE_CHUNKS.eligibilityChecker],
  [/^\/assessment\/[^/]+\/results\/?$/, ASSESSMENT_PAGE_CHUNKS.results],
  [/^\/assessment\/[^/]+(\/[^/]+)?\/?$/, ASSESSMENT_PAGE_CHUNKS.questionnaire],
];

/** The chunk of the page at `pathname`, if it has one of its own (pages of the app chunk have none). */
export function pageChunk(pathname: string): (() => Promise<unknown>) | undefined {
  return PAGES.find(([pattern]) => pattern.test(pathname))?.[1];
}

/**
 * Starts fetching the chunk of the page at `pathname`; settles when it is fetched or failed (a
 * failure is left to the router's lazy import of the same chunk, which shows the error screen).
 */
export function prefetchPage(pathname: string): Promise<void> {
  const chunk = pageChunk(pathname);
  return chunk
    ? loadChunk(chunk).then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
}
