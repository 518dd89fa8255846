// Starts loading the questionnaire chunk (SurveyJS and the engine) when a visitor shows they are
// about to start an assessment (a service page read, a service picked in the eligibility checker),
// so the first question does not wait for ~400 KB of compressed JavaScript after the click.
// Nothing here imports SurveyJS statically: other routes stay free of it.
import { loadChunk } from '../../lib/lazy-with-timeout';
import { ASSESSMENT_PAGE_CHUNKS } from './page-chunks';

/** Fetches the questionnaire page's chunks once (a failed fetch may be retried later). */
export function prefetchAssessment(): void {
  loadChunk(ASSESSMENT_PAGE_CHUNKS.questionnaire).catch(() => undefined);
}
