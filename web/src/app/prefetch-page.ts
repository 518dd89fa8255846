// What a page needs before it can show, fetched ahead: by main.tsx for the page the app opens on
// (App.prefetchPage), and on a visitor's intent (prefetch-on-intent.ts: hover, focus, touch of a
// link). One function for both, so the two cannot drift: a questionnaire address needs more than
// its route's chunk since the light first step (issue 31, decisions-pending/lcp31.md).
import { ASSESSMENT_PAGE_CHUNKS } from '../features/assessment/page-chunks';
import { prefetchAssessment } from '../features/assessment/prefetch';
import { publicApi } from '../features/public/public-api';
import { pageChunk, prefetchPage as prefetchPageChunk } from './page-chunks';
import { store } from './store';

/**
 * Starts fetching what the page at `pathname` needs; settles once its route's chunk is here (or
 * failed). A questionnaire's route chunk is the light first step only: its definition (for a new
 * assessment of a service) and the questionnaire itself (SurveyJS and the engine, which a signed-in
 * client or a resumed assessment shows at once) are fetched after it, in the order the click needs.
 */
export function prefetchPage(pathname: string): Promise<void> {
  if (pageChunk(pathname) === ASSESSMENT_PAGE_CHUNKS.questionnaire)
    prefetchAssessment(store.dispatch, pathname);
  const news = prefetchNews(pathname);
  const chunk = prefetchPageChunk(pathname);
  return news ? Promise.all([chunk, news]).then(() => undefined) : chunk;
}

/**
 * A news page's data (the list's page, or the article), in the store before the app mounts over
 * the HTML the API rendered (decisions §118): the page renders as it was sent, not as a loading
 * state that pushes the footer up and back down (CLS 0.37 on a slow phone without it). Settles
 * either way; the page shows its own error state.
 */
function prefetchNews(pathname: string): Promise<unknown> | null {
  const article = /^\/news\/([^/]+)\/?$/.exec(pathname);
  if (!article && !/^\/news\/?$/.test(pathname)) return null;
  // The list's page is in the address the app opens on; a link hovered elsewhere opens page 1.
  const here = window.location.pathname === pathname ? window.location.search : '';
  const page = Math.max(1, Number(new URLSearchParams(here).get('page') ?? '1') || 1);
  const request = article
    ? store.dispatch(publicApi.endpoints.getNewsArticle.initiate(decodeURIComponent(article[1]!)))
    : store.dispatch(publicApi.endpoints.getNews.initiate({ page }));
  return request
    .unwrap()
    .catch(() => undefined)
    .finally(() => request.unsubscribe());
}
