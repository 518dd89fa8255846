// The questionnaire screen's title. The spec names four by type (data: definitions/site/
// site-config.json `questionnaireTitles`); every other service is titled by its own definition's
// `title`, and "Tax Assessment" is left for a questionnaire without one (issue 11: business rates
// and capital allowances read "Tax Assessment").

export interface QuestionnaireTitles {
  byType: Readonly<Record<string, string>>;
  otherwise: string;
}

export function surveyTitleFor(
  type: string | null | undefined,
  titles: QuestionnaireTitles,
  definitionTitle?: string | null,
): string {
  const named =
    type !== null && type !== undefined && Object.prototype.hasOwnProperty.call(titles.byType, type)
      ? titles.byType[type]
      : undefined;
  return named ?? (definitionTitle?.trim() || titles.otherwise);
}
