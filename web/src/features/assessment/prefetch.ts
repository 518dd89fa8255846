// Starts loading the questionnaire chunk (SurveyJS and the engine) when a visitor shows they are
// about to start an assessment, so the first question does not wait for ~400 KB of compressed
// JavaScript after the click. Nothing here imports SurveyJS statically: other routes stay free of it.
import { useEffect } from 'react';

let loading: Promise<unknown> | null = null;

/** Fetches the questionnaire page's chunks once (a failed fetch may be retried later). */
export function prefetchAssessment(): void {
  loading ??= import('./pages/QuestionnairePage').catch(() => {
    loading = null;
  });
}

const ASSESSMENT_LINK = 'a[href^="/assessment/"]';

function onIntent(event: Event): void {
  if (event.target instanceof Element && event.target.closest(ASSESSMENT_LINK)) prefetchAssessment();
}

/** Prefetches on hover, focus or touch of any link to a questionnaire, anywhere in the app. */
export function usePrefetchAssessmentOnIntent(): void {
  useEffect(() => {
    const kinds = ['pointerover', 'focusin', 'touchstart'] as const;
    for (const kind of kinds) document.addEventListener(kind, onIntent, { passive: true });
    return () => {
      for (const kind of kinds) document.removeEventListener(kind, onIntent);
    };
  }, []);
}
