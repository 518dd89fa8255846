// One question in the real SurveyJS renderer with the site's theme (lazy: this file is the only
// studio part importing SurveyJS besides Try).
import { useMemo } from 'react';
import { Model } from 'survey-core';
import { Survey } from 'survey-react-ui';
import 'survey-core/survey-core.fontless.min.css';
import { applyDateParts } from '../../../assessment/survey-preview';
import { toSurveyJson, type Question } from '@reclaim/engine';

export default function QuestionPreview({ question }: { question: Question }) {
  const model = useMemo(() => {
    // The condition reads other answers: the preview shows the question itself.
    const { condition: _condition, ...shown } = question;
    const m = new Model(toSurveyJson({ questionnaire: { questions: [shown] } }, { reviewPage: false }));
    applyDateParts(m, [shown]);
    m.showNavigationButtons = false;
    m.showProgressBar = false;
    m.showTitle = false;
    m.showCompletePage = false;
    m.applyTheme({ themeName: 'default', colorPalette: 'light', isPanelless: true });
    return m;
  }, [question]);
  return (
    <div className="reclaim-survey mt-3 rounded-lg border border-ink-200" data-testid="question-preview">
      <Survey model={model} />
    </div>
  );
}
