// The current question rendered by SurveyJS from the engine's toSurveyJson (one page per question).
// Navigation, progress and the review are the screen's own; SurveyJS renders and validates the
// question. Loaded only on assessment routes, with survey-core's default theme.
import { useEffect, useMemo, useRef } from 'react';
import { Model } from 'survey-core';
import { Survey } from 'survey-react-ui';
import 'survey-core/survey-core.fontless.min.css';
import './survey-theme.css';
import { toSurveyJson, type LoadedDefinition } from '@reclaim/engine';
import { questionAnswers } from '../lib/steps';
import { applyDateParts } from './DatePartsQuestion';
import { applyTableQuestions, withTableQuestions } from './TableQuestion';

export interface QuestionnaireSurveyProps {
  definition: LoadedDefinition;
  answers: Record<string, unknown>;
  /** Bumped when answers were replaced from outside the form. */
  answersEpoch: number;
  questionId: string;
  onAnswers: (answers: Record<string, unknown>) => void;
  /** Receives the form's validation of the current question (true = valid). */
  registerValidate: (validate: () => boolean) => void;
  readOnly?: boolean;
}

export function createSurveyModel(definition: LoadedDefinition): Model {
  const questions = definition.questionnaire.questions;
  const model = new Model(withTableQuestions(toSurveyJson(definition, { reviewPage: false }), questions));
  // Date questions: GOV.UK's Day / Month / Year fields, checked by the engine on today's date.
  applyDateParts(model, questions);
  // Table questions: TableEditor's rows, checked by the engine on today's date.
  applyTableQuestions(model, questions);
  model.showNavigationButtons = false;
  model.showProgressBar = false;
  model.showTitle = false;
  model.showCompletePage = false;
  // The site's colours and type on SurveyJS's default theme; no panel of its own inside our card.
  model.applyTheme({
    themeName: 'default',
    colorPalette: 'light',
    isPanelless: true,
    cssVariables: {
      '--sjs-font-family': 'var(--font-sans)',
      '--sjs-primary-backcolor': 'var(--color-brand-700)',
      '--sjs-primary-backcolor-dark': 'var(--color-brand-800)',
      '--sjs-primary-backcolor-light': 'rgb(23 70 117 / 0.1)',
      '--sjs-primary-forecolor': '#ffffff',
      '--sjs-secondary-backcolor': 'var(--color-accent-600)',
      '--sjs-general-backcolor-dim': 'transparent',
      '--sjs-corner-radius': '8px',
      '--sjs-base-unit': '7px',
    },
  });
  // Next is enabled as soon as something is typed, not only after leaving the field.
  model.textUpdateMode = 'onTyping';
  return model;
}

export function QuestionnaireSurvey({
  definition,
  answers,
  answersEpoch,
  questionId,
  onAnswers,
  registerValidate,
  readOnly = false,
}: QuestionnaireSurveyProps) {
  const model = useMemo(() => createSurveyModel(definition), [definition]);
  const onAnswersRef = useRef(onAnswers);
  onAnswersRef.current = onAnswers;
  const answersRef = useRef(answers);
  answersRef.current = answers;

  // Answers replaced from outside (restore, server copy, clear) go into the form.
  useEffect(() => {
    model.data = { ...answersRef.current };
  }, [model, answersEpoch]);

  useEffect(() => {
    const handler = () =>
      onAnswersRef.current(questionAnswers(definition, model.data as Record<string, unknown>));
    model.onValueChanged.add(handler);
    return () => model.onValueChanged.remove(handler);
  }, [model, definition]);

  useEffect(() => {
    model.readOnly = readOnly;
  }, [model, readOnly]);

  useEffect(() => {
    const page = model.getPageByName(`${questionId}_page`);
    if (page && model.currentPage !== page) model.currentPage = page;
    registerValidate(() => model.validateCurrentPage());
    // Focus the question's first input for keyboard users.
    const timer = setTimeout(() => {
      const input = document.querySelector<HTMLElement>(
        `[data-name="${CSS.escape(questionId)}"] input:not([type="hidden"]):not([type="file"]), [data-name="${CSS.escape(questionId)}"] [role="radio"], [data-name="${CSS.escape(questionId)}"] [role="combobox"], [data-name="${CSS.escape(questionId)}"] select`,
      );
      input?.focus({ preventScroll: true });
    }, 0);
    return () => clearTimeout(timer);
  }, [model, questionId, registerValidate]);

  return (
    <div className="reclaim-survey" data-question={questionId}>
      <Survey model={model} />
    </div>
  );
}
