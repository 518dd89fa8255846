// The questionnaire screen's title by assessment type. The titles are data (definitions/site/
// site-config.json `questionnaireTitles`); this only looks them up.

export interface QuestionnaireTitles {
  byType: Readonly<Record<string, string>>;
  otherwise: string;
}

export function surveyTitleFor(type: string | null | undefined, titles: QuestionnaireTitles): string {
  if (type === null || type === undefined) return titles.otherwise;
  return Object.prototype.hasOwnProperty.call(titles.byType, type)
    ? (titles.byType[type] ?? titles.otherwise)
    : titles.otherwise;
}
