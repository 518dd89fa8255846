// The assessment pages' lazy chunks (SurveyJS and the engine load only with them): the routes
// render them, the app's first-page prefetch (app/page-chunks.ts) starts the one a visitor lands on.
// `questionnaire` is small (the light first step, issue 31); it loads `questionnaireFull` (SurveyJS
// and the engine) once the first question is on screen.
import { loadQuestionnaireFull } from './questionnaire-chunk';

export const ASSESSMENT_PAGE_CHUNKS = {
  questionnaire: () => import('./pages/QuestionnairePage'),
  questionnaireFull: loadQuestionnaireFull,
  results: () => import('./pages/ResultsPage'),
  portalAssessment: () => import('./pages/PortalAssessmentPage'),
} as const;
