// The questionnaire's own chunk (SurveyJS and the engine), apart from page-chunks.ts: the light
// first step (pages/QuestionnairePage.tsx) loads it, and page-chunks.ts loads that page, so one
// module holding both loaders would be an import cycle.
export const loadQuestionnaireFull = () => import('./pages/QuestionnaireFull');
