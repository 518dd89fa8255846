// Starts loading an assessment when a visitor shows they are about to start one (a service page
// read, a service picked in the eligibility checker), so the first question does not wait for the
// network after the click. In the order the click needs them (issue 31): the light first step's
// chunk and the published definition first (~30 KB: the first question shows from these alone),
// then the questionnaire's chunk (SurveyJS and the engine, ~400 KB compressed), which on a slow
// phone would otherwise share the line with them. Nothing here imports SurveyJS or the engine.
import type { AppDispatch } from '../../app/store';
import { loadChunk } from '../../lib/lazy-with-timeout';
import { assessmentApi } from './assessmentApi';
import { isUuid } from './lib/ids';
import { ASSESSMENT_PAGE_CHUNKS } from './page-chunks';

/**
 * The service type of a public questionnaire address (/assessment/{type}), else null (also for
 * /assessment/{assessmentId}, a signed-in client's assessment: ids are UUIDs, types never are).
 */
export function serviceTypeOfPath(path: string | null | undefined): string | null {
  const segment = /^\/assessment\/([^/?#]+)\/?$/.exec(path ?? '')?.[1];
  if (segment === undefined) return null;
  try {
    const type = decodeURIComponent(segment);
    return isUuid(type) ? null : type;
  } catch {
    return null;
  }
}

/** Definitions kept for the visit (one subscription per service type, never dropped). */
const kept = new Map<string, Promise<unknown>>();

/**
 * Fetches the light first step and `path`'s definition, then the questionnaire's chunks, once each
 * (a failed fetch may be retried later; the page itself shows any failure).
 */
export function prefetchAssessment(dispatch: AppDispatch, path?: string | null): void {
  const type = serviceTypeOfPath(path);
  const light = loadChunk(ASSESSMENT_PAGE_CHUNKS.questionnaire).catch(() => undefined);
  let definition: Promise<unknown> = Promise.resolve();
  if (type !== null) {
    let pending = kept.get(type);
    if (!pending) {
      // subscribed: the definition stays cached however long the visitor reads before the click
      pending = Promise.resolve(
        dispatch(assessmentApi.endpoints.getPublishedDefinition.initiate(type)),
      ).catch(() => undefined);
      kept.set(type, pending);
    }
    definition = pending;
  }
  void Promise.all([light, definition]).then(() =>
    loadChunk(ASSESSMENT_PAGE_CHUNKS.questionnaireFull).catch(() => undefined),
  );
}
