// The assessment pages' lazy chunks (SurveyJS and the engine load only with them): the routes
// render them, the app's first-page prefetch (app/page-chunks.ts) starts the one a visitor lands on.
export const ASSESSMENT_PAGE_CHUNKS = {
  questionnaire: () => import('./pages/QuestionnairePage'),
  results: () => import('./pages/ResultsPage'),
  portalAssessment: () => import('./pages/PortalAssessmentPage'),
} as const;
