// Checks the answers or inputs given to the evaluate CLI against a definition, naming the field.
import {
  isEmptyAnswer,
  isIsoDate,
  validateAnswer,
  type InputSpec,
  type LoadedDefinition,
} from '../../engine/src/index';

export interface InputProblem {
  field: string;
  message: string;
}

/** The value as JSON, cut short: a table of 2,000 rows is named, not printed. */
function shortJson(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}

/** Answers by question id: unknown ids (unless `ignoreUnknown`), wrong types, out of range, bad options or dates. */
export function checkAnswers(
  definition: LoadedDefinition,
  answers: Record<string, unknown>,
  options: { ignoreUnknown?: boolean } = {},
): InputProblem[] {
  const problems: InputProblem[] = [];
  const questions = new Map(definition.questionnaire.questions.map((q) => [q.id, q]));
  for (const [id, value] of Object.entries(answers)) {
    const question = questions.get(id);
    if (!question) {
      if (!options.ignoreUnknown) {
        problems.push({
          field: id,
          message: `unknown question "${id}" (questions of ${definition.id}: ${[...questions.keys()].join(', ')})`,
        });
      }
      continue;
    }
    if (isEmptyAnswer(value)) continue; // unanswered is allowed: the calculators treat it as missing
    const message = validateAnswer(question, value);
    if (message !== null) problems.push({ field: id, message: `${message} (got ${shortJson(value)})` });
  }
  return problems;
}

function expectedKind(spec: InputSpec): string {
  switch (spec.kind) {
    case 'number':
    case 'monthsSince':
    case 'monthsBetween':
    case 'daysBetween':
    case 'count':
    case 'expression':
      return 'number';
    case 'addMonths':
    case 'addDays':
    case 'taxYearEnd':
    case 'latestDate':
    case 'earliestDate':
      return 'date';
    case 'taxYear':
      return 'taxYear';
    case 'map':
    case 'cases':
    case 'answer':
    case 'path':
    case 'first':
    case 'shareMatching':
    case 'mapItems':
    case 'text':
      return 'any';
    default: {
      const unknown: never = spec;
      return String(unknown);
    }
  }
}

/** Calculator inputs by the definition's input names. */
export function checkInputs(definition: LoadedDefinition, inputs: Record<string, unknown>): InputProblem[] {
  const problems: InputProblem[] = [];
  const specs = new Map(definition.inputs.map((s) => [s.name, s]));
  const questions = new Map(definition.questionnaire.questions.map((q) => [q.id, q]));
  for (const [name, value] of Object.entries(inputs)) {
    const spec = specs.get(name);
    if (!spec) {
      problems.push({
        field: name,
        message: `unknown input "${name}" (inputs of ${definition.id}: ${[...specs.keys()].join(', ')})`,
      });
      continue;
    }
    if (value === null || value === undefined) continue;
    // an input copied or parsed from one question takes that question's kind of answer: a real
    // date, a number within min/max, Yes/No as a boolean, checkbox options (so
    // `--inputs '{"purchaseDate":"2024-13-45"}'` is refused, not scored). A string for a radio or
    // select is not held to the question's options: the spec's input values may differ from a
    // questionnaire's (capital allowances' propertyType `residential-single` vs option `residential`).
    const source = spec.kind === 'answer' || spec.kind === 'number' ? questions.get(spec.from) : undefined;
    const freeString =
      (source?.type === 'radio' || source?.type === 'select') &&
      typeof value === 'string' &&
      (source.options ?? []).every((o) => typeof o.value === 'string');
    if (
      source &&
      !isEmptyAnswer(value) &&
      !freeString &&
      !(spec.kind === 'number' && typeof value !== 'number')
    ) {
      const message = validateAnswer(source, value);
      if (message !== null) {
        problems.push({ field: name, message: `${message} (got ${JSON.stringify(value)})` });
        continue;
      }
    }
    const kind = expectedKind(spec);
    if (kind === 'number' && (typeof value !== 'number' || !Number.isFinite(value))) {
      problems.push({ field: name, message: `must be a number (got ${JSON.stringify(value)})` });
    } else if (kind === 'date' && !isIsoDate(value)) {
      problems.push({
        field: name,
        message: `must be a real date as YYYY-MM-DD (got ${JSON.stringify(value)})`,
      });
    } else if (kind === 'taxYear' && (typeof value !== 'string' || !/^\d{4}-\d{2}$/.test(value))) {
      problems.push({
        field: name,
        message: `must be a tax year such as "2024-25" (got ${JSON.stringify(value)})`,
      });
    } else if (spec.kind === 'map') {
      const allowed = [...Object.values(spec.map), ...(spec.default !== undefined ? [spec.default] : [])];
      if (!allowed.some((a) => a === value)) {
        problems.push({
          field: name,
          message: `must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')} (got ${JSON.stringify(value)})`,
        });
      }
    } else if (spec.kind === 'cases') {
      const allowed = [
        ...spec.cases.map((c) => c.value),
        ...(spec.default !== undefined ? [spec.default] : []),
      ];
      const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);
      if (!allowed.some((a) => same(a, value))) {
        problems.push({
          field: name,
          message: `must be one of ${allowed.map((a) => JSON.stringify(a)).join(', ')} (got ${JSON.stringify(value)})`,
        });
      }
    }
  }
  return problems;
}
