// The full questionnaire's chunk (SurveyJS and the engine). Its own module so the light first step
// (pages/QuestionnairePage) can load it without importing page-chunks.ts, which loads that page.
export const loadQuestionnaireFull = () => import('./pages/QuestionnaireFull');
