// GOV.UK's date input for every date question: Day, Month and Year fields that accept what people
// type ("12", "6" or "June" or "Jun", "2025"; a whole date typed or pasted into one field is spread
// over the three). A real date is stored as the ISO answer (YYYY-MM-DD), so the engine and saved
// answers are unchanged; fields that are not yet a date are held as a draft ("31/2/2025") that is
// never saved or evaluated (answersToSave) and whose error is GOV.UK's ("The date must be a real
// date", "… must include a month", "… today or in the past" where the question is about the past).
// Registered as a SurveyJS renderer (renderAs "date-parts", set by the engine's toSurveyJson): no
// custom SurveyJS functions or expressions, nothing evaluated as code (CSP without unsafe-eval).
import { createElement, useId, useState, type ReactElement } from 'react';
import { RendererFactory, type Question as SurveyQuestion, type SurveyModel } from 'survey-core';
import { ReactQuestionFactory, SurveyQuestionElementBase } from 'survey-react-ui';
import {
  DATE_PARTS_RENDERER,
  datePartsOf,
  draftDateValue,
  isEmptyAnswer,
  parseDateParts,
  splitTypedDate,
  todayIso,
  validateAnswer,
  type DatePart,
  type DateParts,
  type Question,
} from '@reclaim/engine';

const COMPONENT = 'reclaim-date-parts';
/** Set on a SurveyJS question whose definition says `notAfter: "asOf"`. */
const NOT_AFTER_TODAY = 'reclaimNotAfterToday';

/** What the three fields store: the ISO date when they make a real date, a draft otherwise. */
export function dateValueOf(parts: DateParts): string | undefined {
  const parsed = parseDateParts(parts);
  if (parsed.kind === 'empty') return undefined;
  return parsed.kind === 'date' ? parsed.iso : draftDateValue(parts);
}

const FIELDS: { part: DatePart; label: string; width: string; numeric: boolean }[] = [
  { part: 'day', label: 'Day', width: 'w-[4.5rem]', numeric: true },
  // Month names ("June", "Jun") are accepted, so the month field keeps the full keyboard.
  { part: 'month', label: 'Month', width: 'w-[6.5rem]', numeric: false },
  { part: 'year', label: 'Year', width: 'w-[6.5rem]', numeric: true },
];

export interface DatePartsFieldsProps {
  name: string;
  value: unknown;
  onChange: (value: string | undefined) => void;
  /** The fields to mark invalid (the question shows an error). */
  invalid: readonly DatePart[];
  readOnly?: boolean;
  labelledBy?: string;
  describedBy?: string;
}

/** The three fields; shown inside SurveyJS by the renderer below. */
export function DatePartsFields({
  name,
  value,
  onChange,
  invalid,
  readOnly = false,
  labelledBy,
  describedBy,
}: DatePartsFieldsProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  // The typed text is kept while it stands for the stored value; a value set from outside
  // (restored answers, Clear) is read back into the fields.
  const [state, setState] = useState(() => ({ parts: datePartsOf(value), value }));
  let parts = state.parts;
  if (state.value !== value && dateValueOf(state.parts) !== value) {
    parts = datePartsOf(value);
    setState({ parts, value });
  }

  function change(part: DatePart, text: string) {
    const next = splitTypedDate(text) ?? { ...parts, [part]: text };
    const stored = dateValueOf(next);
    setState({ parts: next, value: stored });
    onChange(stored);
  }

  return (
    <div
      role="group"
      aria-labelledby={labelledBy}
      aria-describedby={[hintId, describedBy].filter(Boolean).join(' ')}
      className="reclaim-date-parts"
    >
      <p id={hintId} className="field-hint mb-2 text-sm">
        For example, 27 3 2007
      </p>
      <div className="flex flex-wrap gap-4">
        {FIELDS.map(({ part, label, width, numeric }) => (
          <div key={part} className="field">
            <label className="label" htmlFor={`${id}-${part}`}>
              {label}
            </label>
            <input
              id={`${id}-${part}`}
              name={`${name}-${part}`}
              className={`input ${width}`}
              type="text"
              inputMode={numeric ? 'numeric' : undefined}
              autoComplete="off"
              spellCheck={false}
              value={parts[part]}
              readOnly={readOnly}
              aria-invalid={invalid.includes(part) ? 'true' : undefined}
              onChange={(e) => change(part, e.target.value)}
            />
          </div>
        ))}
      </div>
    </div>
  );
}

/** The fields at fault when the question shows an error (all three when it is not about one). */
function invalidParts(question: SurveyQuestion): DatePart[] {
  if (question.errors.length === 0) return [];
  const limit: unknown = question.getPropertyValue(NOT_AFTER_TODAY);
  const notAfter = typeof limit === 'function' ? { notAfter: (limit as () => string)() } : {};
  const parsed = parseDateParts(datePartsOf(question.value), notAfter);
  return parsed.kind === 'error' && parsed.fields.length > 0 ? parsed.fields : ['day', 'month', 'year'];
}

class SurveyQuestionDateParts extends SurveyQuestionElementBase {
  protected override renderElement(): ReactElement {
    const question = this.questionBase;
    const value: unknown = question.value;
    return (
      <DatePartsFields
        name={question.name}
        value={value}
        onChange={(value) => {
          question.value = value;
        }}
        invalid={invalidParts(question)}
        readOnly={question.isReadOnly}
        labelledBy={question.ariaTitleId}
        describedBy={question.a11y_input_ariaDescribedBy ?? undefined}
      />
    );
  }
}

let registered = false;
/** Registers the renderer once (SurveyJS's factories are global). */
export function registerDatePartsRenderer(): void {
  if (registered) return;
  registered = true;
  ReactQuestionFactory.Instance.registerQuestion(COMPONENT, (props) =>
    createElement(SurveyQuestionDateParts, props as ConstructorParameters<typeof SurveyQuestionDateParts>[0]),
  );
  RendererFactory.Instance.registerRenderer('text', DATE_PARTS_RENDERER, COMPONENT);
}

/**
 * Date questions of a model built from toSurveyJson are checked by the engine's validateAnswer on
 * the assessment's date (draft fields, real dates, `notAfter`), in place of the JSON's ISO-only
 * regex. The date is today for a visitor; the studio's Try passes the date the adviser chose, so a
 * purchase in a future period can be tried.
 */
export function applyDateParts(
  model: SurveyModel,
  questions: readonly Question[],
  asOf: () => string = todayIso,
): void {
  registerDatePartsRenderer();
  const dates = new Map(questions.filter((q) => q.type === 'date').map((q) => [q.id, q]));
  for (const element of model.getAllQuestions()) {
    const question = dates.get(element.name);
    if (!question) continue;
    element.validators = [];
    if (question.notAfter === 'asOf') element.setPropertyValue(NOT_AFTER_TODAY, asOf);
  }
  model.onValidateQuestion.add((_, options) => {
    const question = dates.get(options.name);
    if (!question || isEmptyAnswer(options.value)) return;
    const problem = validateAnswer(question, options.value, { asOf: asOf() });
    if (problem !== null) options.error = problem;
  });
}
