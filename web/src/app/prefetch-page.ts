// What a page needs before it can show, fetched ahead: by main.tsx for the page the app opens on
// (App.prefetchPage), and on a visitor's intent (prefetch-on-intent.ts: hover, focus, touch of a
// link). One function for both, so the two cannot drift: a questionnaire address needs more than
// its route's chunk since the light first step (issue 31, decisions-pending/lcp31.md).
import { ASSESSMENT_PAGE_CHUNKS } from '../features/assessment/page-chunks';
import { prefetchAssessment } from '../features/assessment/prefetch';
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
  return prefetchPageChunk(pathname);
}
