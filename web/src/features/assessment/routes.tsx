// Assessment routes. Each page is its own lazy chunk (SurveyJS and the engine load only here).
import { Suspense, type ReactNode } from 'react';
import type { RouteObject } from 'react-router-dom';
import { PageSpinner } from '../../components/Spinner';
import { lazyWithTimeout } from '../../lib/lazy-with-timeout';
import { ASSESSMENT_MESSAGES } from './messages';
import { ASSESSMENT_PAGE_CHUNKS } from './page-chunks';

const QuestionnairePage = lazyWithTimeout(ASSESSMENT_PAGE_CHUNKS.questionnaire);
const ResultsPage = lazyWithTimeout(ASSESSMENT_PAGE_CHUNKS.results);
const PortalAssessmentPage = lazyWithTimeout(ASSESSMENT_PAGE_CHUNKS.portalAssessment);

function page(node: ReactNode, label: string = ASSESSMENT_MESSAGES.loading): ReactNode {
  return <Suspense fallback={<PageSpinner label={label} />}>{node}</Suspense>;
}

/** Under the public layout: results first (its static segment outranks the optional id). */
export const assessmentRoutes: RouteObject[] = [
  { path: 'assessment/:assessmentId/results', element: page(<ResultsPage />, 'Loading results') },
  { path: 'assessment/:first/:second?', element: page(<QuestionnairePage />) },
];

/** Under /portal (already login-protected). */
export const portalAssessmentRoute: RouteObject = {
  path: 'assessments/:assessmentId',
  element: page(<PortalAssessmentPage />),
};
