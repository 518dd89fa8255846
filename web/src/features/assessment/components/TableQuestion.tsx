// Table questions in the questionnaire. The engine's toSurveyJson gives SurveyJS's dynamic matrix,
// which builds a question object per cell: 2,000 trades took minutes on this project's machines.
// The questionnaire instead swaps each table for a question type of our own that only holds the
// rows (an array of objects, as the matrix stores them) and is drawn by TableEditor; validation
// is the engine's validateAnswer on today's date, as for every other question. No custom SurveyJS
// functions or expressions: nothing is evaluated as code (CSP without unsafe-eval).
import { createElement, type ReactElement } from 'react';
import { ElementFactory, Question as SurveyQuestion, Serializer, type SurveyModel } from 'survey-core';
import { ReactQuestionFactory, SurveyQuestionElementBase } from 'survey-react-ui';
import {
  isEmptyAnswer,
  todayIso,
  validateAnswer,
  type Question,
  type SurveyElement,
  type SurveyJson,
} from '@reclaim/engine';
import { TableEditor } from './TableEditor';

export const TABLE_QUESTION_TYPE = 'reclaim-table';
const DEFINITION = 'reclaimTableQuestion';

/** A question whose value is the table's rows. */
export class QuestionTableModel extends SurveyQuestion {
  override getType(): string {
    return TABLE_QUESTION_TYPE;
  }
}

class SurveyQuestionTable extends SurveyQuestionElementBase {
  protected override renderElement(): ReactElement {
    const question = this.questionBase;
    const definition = question.getPropertyValue(DEFINITION) as Question | undefined;
    if (!definition) return <></>;
    const value: unknown = question.value;
    return (
      <TableEditor
        question={definition}
        rows={Array.isArray(value) ? (value as Record<string, unknown>[]) : []}
        onChange={(rows) => {
          question.value = rows.length === 0 ? undefined : rows;
        }}
        readOnly={question.isReadOnly}
        showErrors={question.errors.length > 0}
        labelledBy={question.ariaTitleId}
      />
    );
  }
}

let registered = false;
/** Registers the question type and its renderer once (SurveyJS's factories are global). */
export function registerTableQuestion(): void {
  if (registered) return;
  registered = true;
  Serializer.addClass(TABLE_QUESTION_TYPE, [], () => new QuestionTableModel(''), 'question');
  ElementFactory.Instance.registerElement(TABLE_QUESTION_TYPE, (name) => new QuestionTableModel(name));
  ReactQuestionFactory.Instance.registerQuestion(TABLE_QUESTION_TYPE, (props) =>
    createElement(SurveyQuestionTable, props as ConstructorParameters<typeof SurveyQuestionTable>[0]),
  );
}

const KEPT = ['name', 'title', 'description', 'isRequired', 'requiredErrorText', 'visibleIf'] as const;

/** The survey JSON with each table question's matrix replaced by the table question type. */
export function withTableQuestions(json: SurveyJson, questions: readonly Question[]): SurveyJson {
  const tables = new Set(questions.filter((q) => q.type === 'table').map((q) => q.id));
  if (tables.size === 0) return json;
  registerTableQuestion();
  return {
    ...json,
    pages: json.pages.map((page) => ({
      ...page,
      elements: page.elements.map((element): SurveyElement => {
        if (!tables.has(element.name)) return element;
        const kept: SurveyElement = { type: TABLE_QUESTION_TYPE, name: element.name };
        for (const key of KEPT)
          if (element[key] !== undefined) (kept as Record<string, unknown>)[key] = element[key];
        return kept;
      }),
    })),
  };
}

/** Gives each table question its definition and checks it with the engine on today's date. */
export function applyTableQuestions(model: SurveyModel, questions: readonly Question[]): void {
  const tables = new Map(questions.filter((q) => q.type === 'table').map((q) => [q.id, q]));
  if (tables.size === 0) return;
  for (const element of model.getAllQuestions()) {
    const question = tables.get(element.name);
    if (question) element.setPropertyValue(DEFINITION, question);
  }
  model.onValidateQuestion.add((_, options) => {
    const question = tables.get(options.name);
    if (!question || isEmptyAnswer(options.value)) return;
    const problem = validateAnswer(question, options.value, { asOf: todayIso() });
    if (problem !== null) options.error = problem;
  });
}
