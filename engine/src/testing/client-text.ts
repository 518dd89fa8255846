// Scans the texts a client reads (a results page, rendered or as strings) for engine words that
// must never reach them: fact ids, placeholders, `name = value` pairs, unformatted numbers, raw
// ISO dates, `undefined`/`NaN`/`null` and SHOUTED status words such as UNCONFIRMED. Used by the
// web's results tests and the end-to-end tests on what Chromium shows.

export interface ClientTextProblem {
  text: string;
  /** What was found, e.g. `fact id "cutoff36Months"`. */
  problem: string;
}

export interface ClientTextOptions {
  /** Fact names of the definition (inputs, calculations, parameters …): any of them is reported. */
  factNames?: Iterable<string>;
  /** Capitalised words that are fine (acronyms longer than five letters). */
  allowUpperCase?: Iterable<string>;
}

const CHECKS: { re: RegExp; what: (m: RegExpExecArray) => string }[] = [
  { re: /\b(undefined|NaN|null|Infinity)\b|\[object Object\]/g, what: (m) => `"${m[0]}"` },
  { re: /\{\{[^}]*\}\}|\{\{|\}\}/g, what: (m) => `unfilled placeholder "${m[0]}"` },
  // camelCase or snake_case identifiers (cutoff36Months, badrEligible, sdlt_refund); a segment of
  // a cited path (gov/hmrc/income_tax) is a source's name, not an engine word
  {
    re: /(?<![/\w])(?:[a-z]+[0-9]*[A-Z][A-Za-z0-9]*|[a-z][a-z0-9]*_[a-z0-9_]+)(?![/\w])/g,
    what: (m) => `identifier "${m[0]}"`,
  },
  { re: /[A-Za-z0-9_)\]]\s+=\s+\S/g, what: (m) => `assignment "${m[0]}"` },
  { re: /\b\d{4}-\d{2}-\d{2}\b/g, what: (m) => `ISO date "${m[0]}"` },
  // £ with pence must show two decimals; pounds need no decimals
  { re: /£-?\d[\d,]*\.(?!\d{2}\b)\d+/g, what: (m) => `money "${m[0]}"` },
  // three or more decimals anywhere
  { re: /\b\d[\d,]*\.\d{3,}\b/g, what: (m) => `unrounded number "${m[0]}"` },
  // one decimal that is not a percentage, a score out of 10 or a multiplier
  {
    re: /(?<![£\d.,])\d{1,3}(?:,\d{3})+\.\d\b(?!\s*(?:%|\/\s*10|x|×))/g,
    what: (m) => `unformatted number "${m[0]}"`,
  },
  // five or more digits without thousands separators (not inside a reference such as SDLTM00385)
  { re: /(?<![A-Za-z0-9])\d{5,}(?![A-Za-z0-9])/g, what: (m) => `number without separators "${m[0]}"` },
];

const UPPER = /\b[A-Z]{6,}\b/g;

export function clientTextProblems(
  texts: Iterable<string>,
  options: ClientTextOptions = {},
): ClientTextProblem[] {
  const facts = new Set(options.factNames ?? []);
  const allowUpper = new Set(options.allowUpperCase ?? []);
  const problems: ClientTextProblem[] = [];
  for (const text of texts) {
    for (const { re, what } of CHECKS) {
      re.lastIndex = 0;
      for (let m = re.exec(text); m; m = re.exec(text)) problems.push({ text, problem: what(m) });
    }
    UPPER.lastIndex = 0;
    for (let m = UPPER.exec(text); m; m = UPPER.exec(text))
      if (!allowUpper.has(m[0])) problems.push({ text, problem: `capitalised word "${m[0]}"` });
    // a fact name that is also an ordinary word (e.g. "rate") is only reported when it looks like an id
    for (const word of text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) {
      if (facts.has(word) && /[A-Z_0-9]/.test(word.slice(1)))
        problems.push({ text, problem: `fact id "${word}"` });
    }
  }
  // one report per text and problem
  const seen = new Set<string>();
  return problems.filter((p) => {
    const key = `${p.problem}\u0000${p.text}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** Every fact name a definition's evaluation may hold (for `factNames`). */
export function definitionFactNames(definition: {
  questionnaire: { questions: readonly { id: string }[] };
  inputs: readonly { name: string }[];
  parameters?: readonly { name: string }[];
  calculations?: readonly { id: string }[];
  lists?: readonly { id: string }[];
  value: { selections?: readonly { id: string }[]; calculations?: readonly { id: string }[] };
  resultFields?: Readonly<Record<string, unknown>>;
}): string[] {
  return [
    ...definition.questionnaire.questions.map((q) => q.id),
    ...definition.inputs.map((i) => i.name),
    ...(definition.parameters ?? []).map((p) => p.name),
    ...(definition.calculations ?? []).map((c) => c.id),
    ...(definition.lists ?? []).map((l) => l.id),
    ...(definition.value.selections ?? []).map((s) => s.id),
    ...(definition.value.calculations ?? []).map((c) => c.id),
    ...Object.keys(definition.resultFields ?? {}),
  ];
}
