// The assessment definition format and the engine's result types.
// This file is the contract between definitions/ (data), the engine, the API and the web app.
// The JSON Schema in src/schemas/assessment-definition.schema.json must describe the same shape.

// ---------------------------------------------------------------------------
// Conditions: the json-rules-engine grammar (all / any / not over facts).
// Facts are answers (in `visibility` / questionnaire conditions) or calculator inputs,
// calculations and stage outputs (in rules). Operators are json-rules-engine's built-ins
// plus the engine's named custom operators (src/rules/operators).
// ---------------------------------------------------------------------------
export type Operator =
  | 'equal'
  | 'notEqual'
  | 'lessThan'
  | 'lessThanInclusive'
  | 'greaterThan'
  | 'greaterThanInclusive'
  | 'in'
  | 'notIn'
  | 'contains'
  | 'doesNotContain'
  // custom, registered by the engine:
  | 'isAnswered' // value true: fact is not undefined/null/''/[]; value false: it is
  | 'containsAny' // array fact shares at least one element with value (array)
  | 'dateOnOrAfter' // ISO date fact >= ISO date value
  | 'dateBefore'; // ISO date fact < ISO date value

export type Primitive = string | number | boolean | null;

export interface FactCondition {
  fact: string;
  operator: Operator;
  /** A literal, or { fact: name } to compare with another fact. */
  value: Primitive | Primitive[] | { fact: string };
  path?: string;
}
export interface AllCondition {
  all: Condition[];
}
export interface AnyCondition {
  any: Condition[];
}
export interface NotCondition {
  not: Condition;
}
export type Condition = FactCondition | AllCondition | AnyCondition | NotCondition;

// ---------------------------------------------------------------------------
// Expressions: arithmetic that rules cannot express, as a JSON tree of named operators.
// No strings are ever evaluated as code.
// ---------------------------------------------------------------------------
export type Expression =
  | number
  | { fact: string } // an input, a calculation, a selection or a stage output (missing → error unless default given)
  | { fact: string; default: number }
  | { param: string } // a resolved dated parameter (see `parameters`)
  | { op: NumericOp; args: Expression[] }
  | { op: 'if'; cond: Condition; then: Expression; else: Expression }
  | { op: 'round'; args: [Expression] | [Expression, Expression] } // round(x, decimals = 0), half away from zero
  | { op: 'lookup'; fact: string; table: Record<string, number>; default?: number } // table[fact value]
  | BandedTaxExpression
  | SumItemsExpression
  | { item: string }; // a cell of the item `sumItems` is on (missing or not a number → 0)

/**
 * Σ over the items of an array fact (e.g. a table answer or a `mapItems` input) of `expr`, where
 * `{ "item": "<column>" }` reads the item's own cell and `{ "fact": … }` the facts as anywhere else
 * (rules/expressions/sum-items.ts). No array → 0.
 */
export interface SumItemsExpression {
  op: 'sumItems';
  items: string;
  expr: Expression;
}

/**
 * Tax on `amount` by a band table (a dated parameter of unit `bands`, named in `parameters[]`):
 * each band's slice of the amount × (band rate + surcharge), each slice rounded down to the pound,
 * summed. `surcharge` (a rate, e.g. 0.03) is added to every band's rate, but not when `amount` is
 * below `surchargeFrom`. No table in force → 0 (traced as missing).
 */
export interface BandedTaxExpression {
  op: 'bandedTax';
  amount: Expression;
  /** Name of a parameter (in `parameters[]`) whose value is a band table. */
  bands: string;
  surcharge?: Expression;
  surchargeFrom?: Expression;
}

/** A band table: ascending upper ends; the last band is open (`upTo: null`). Rates are fractions. */
export type BandTable = { upTo: number | null; rate: number }[];
/** The value of a dated parameter. */
export type ParameterValueType = number | string | BandTable;

export type NumericOp =
  | 'add'
  | 'subtract'
  | 'multiply'
  | 'divide' // divide by 0 → 0
  | 'min'
  | 'max'
  | 'floor'
  | 'ceil'
  | 'abs'
  | 'clamp'; // clamp(x, lo, hi)

// ---------------------------------------------------------------------------
// Questionnaire
// ---------------------------------------------------------------------------
export type QuestionType =
  'radio' | 'checkbox' | 'number' | 'text' | 'date' | 'currency' | 'select' | 'table'; // a repeating table of rows (trades, gifts, investments): `columns`, stored as an array of objects

export interface QuestionOption {
  /** Stored answer value. Yes/No radios use booleans true/false. */
  value: string | number | boolean;
  label: string;
}

export interface Question {
  id: string;
  question: string;
  type: QuestionType;
  description?: string; // help text shown under the question
  options?: QuestionOption[];
  placeholder?: string;
  min?: number;
  max?: number;
  /** number questions: only whole numbers are accepted. */
  integer?: boolean;
  /** number questions: what the number counts, shown with the answer (percent: 60 reads "60%"). */
  unit?: 'percent';
  optional?: boolean;
  /**
   * date questions about the past: "asOf" refuses a date after the assessment's date (today in
   * the questionnaire and on the server's save and submit), "The date must be today or in the past".
   */
  notAfter?: 'asOf';
  /** Shown only when this holds over the (visible) answers. */
  condition?: Condition;
  /** Title of the group/step this question belongs to (default template: "Basic Information"). */
  section?: string;
  /** table questions: the columns of each row, in order (the answer: `[{ <column id>: value }]`). */
  columns?: TableColumn[];
  /** table questions: fewest and most rows (a required table needs at least 1; at most 2,000). */
  minRows?: number;
  maxRows?: number;
  /** table questions: the add-row and remove-row button texts ("Add a trade"). */
  addRowText?: string;
  removeRowText?: string;
  /** table questions: rows may be imported from a CSV file whose header row names the column ids. */
  import?: TableImport;
}

export type TableColumnType = 'text' | 'number' | 'currency' | 'date' | 'select' | 'checkbox';

/** One column of a table question: a cell is checked like a question of the column's type. */
export interface TableColumn {
  /** The key of the cell in each row object (and the CSV column name). */
  id: string;
  /** The column heading, also each cell's accessible name. */
  label: string;
  type: TableColumnType;
  description?: string;
  options?: QuestionOption[];
  min?: number;
  max?: number;
  integer?: boolean;
  /** text cells: most characters (default 200). */
  maxLength?: number;
  placeholder?: string;
  notAfter?: 'asOf';
  /** A cell may be left blank. With `requiredWhen`, it is needed only in rows where that holds. */
  optional?: boolean;
  /** Needed in the rows where this holds over the row's own cells (e.g. the ratio of a SPLIT). */
  requiredWhen?: Condition;
}

/** How a table's rows can be imported from a file. */
export interface TableImport {
  format: 'csv';
  /** A template to download (a path the web app serves, e.g. /templates/share-trades.csv). */
  template: string;
  /** Help shown by the upload (the columns, the date format). */
  description?: string;
  /** Largest file accepted, in bytes (default 1,000,000). */
  maxBytes?: number;
}

// ---------------------------------------------------------------------------
// Inputs: how visible answers become calculator inputs (facts), declaratively.
// Evaluated in order; later inputs may read earlier ones. Answers of hidden questions are dropped
// before this runs.
// ---------------------------------------------------------------------------
export type InputSpec =
  | { name: string; description?: string; kind: 'answer'; from: string } // copy as is
  | { name: string; description?: string; kind: 'number'; from: string } // numeric parse; '' → missing
  | {
      name: string;
      description?: string;
      kind: 'map';
      from: string;
      map: Record<string, Primitive>;
      default?: Primitive;
    }
  | {
      name: string;
      description?: string;
      kind: 'cases'; // first case whose condition holds (over answers + earlier inputs) gives the value
      cases: { when: Condition; value: Primitive | Primitive[] }[];
      default?: Primitive;
    }
  | { name: string; description?: string; kind: 'monthsSince'; from: string } // whole calendar months from date to asOf
  // ISO date = date fact + months (negative: back), calendar months in UTC, day clamped to month end.
  // D2 "within 12 months": { kind: 'addMonths', from: 'asOf', months: -12 } then dateOnOrAfter it.
  // `months` may read a dated parameter of `parameters[]` (`{ "param": "returnAmendWindow" }`): the
  // statutory window then lives once, in the parameter set, and a change of the set moves the date.
  | {
      name: string;
      description?: string;
      kind: 'addMonths';
      from: string;
      months: number | ParameterValueRef;
    }
  | { name: string; description?: string; kind: 'monthsBetween'; from: string; to: string } // whole months from one date fact to another
  | { name: string; description?: string; kind: 'daysBetween'; from: string; to: string }
  | { name: string; description?: string; kind: 'taxYear'; from: string } // '2024-25' style label of the UK tax year of a date
  | { name: string; description?: string; kind: 'count'; from: string } // length of an array answer
  | { name: string; description?: string; kind: 'expression'; expr: Expression }
  // a value inside an object or array fact: dotted path of own properties, array indexes, `length`
  | { name: string; description?: string; kind: 'path'; from: string; path: string }
  // the first of these answers or earlier inputs that has a value (an answer, else a derived figure)
  | { name: string; description?: string; kind: 'first'; from: string[] }
  | ShareMatchingInputSpec
  | MapItemsInputSpec
  | TextInputSpec
  | AddDaysInputSpec
  | ExtremeDateInputSpec
  | TaxYearEndInputSpec;

/** 5 April ending the UK tax year of a date fact (2024-06-01 → 2025-04-05). */
export interface TaxYearEndInputSpec {
  name: string;
  description?: string;
  kind: 'taxYearEnd';
  from: string;
}

/**
 * The rows of a table answer (or an earlier array input), each with computed cells
 * (rules/inputs/map-items.ts): `fields` are input specs computed per row over the row's cells,
 * the earlier fields and the facts so far (a cell hides a fact of the same name); `where` keeps the
 * rows where it holds (over the same); `sortBy` orders the kept rows by a cell, ascending (dates
 * as ISO strings, numbers as numbers; ties keep their order); `running` adds, for each kept row in
 * that order, the total of a cell over the rows before it (e.g. gifts before this one, to use a
 * band oldest first). The value is the new rows (an empty list when none is kept).
 */
export interface MapItemsInputSpec {
  name: string;
  description?: string;
  kind: 'mapItems';
  from: string;
  fields?: InputSpec[];
  where?: Condition;
  sortBy?: string;
  running?: { name: string; of: string }[];
  /** At most this many rows are read (default 2,000). */
  maxRows?: number;
}

/** ISO date = a date fact + whole days (negative: back); `days` a number, a fact or a dated parameter. */
export interface AddDaysInputSpec {
  name: string;
  description?: string;
  kind: 'addDays';
  from: string;
  days: number | { fact: string } | ParameterValueRef;
}

/**
 * A number an input reads from a dated parameter: the `name` of a ref in `parameters[]`, looked up
 * as that ref is (by its `dateFact`, which must be `asOf` or an earlier input, else on `asOf`).
 */
export interface ParameterValueRef {
  param: string;
}

/** The latest (or earliest) of the dates among these answers or earlier inputs that have one. */
export interface ExtremeDateInputSpec {
  name: string;
  description?: string;
  kind: 'latestDate' | 'earliestDate';
  from: string[];
}

/**
 * A sentence for the client: the `text` template of the first case whose condition holds (over the
 * answers, `asOf` and earlier inputs), else `default`, filled from them (`{{deadline|date}}`).
 * A result field shows it, e.g. at the top of the results (`place: "notice"`) when a deadline passed.
 */
export interface TextInputSpec {
  name: string;
  description?: string;
  kind: 'text';
  cases: { when: Condition; text: string }[];
  default?: string;
}

/**
 * Share and cryptoasset identification (same day, the 30 days after, the section 104 holding) of a
 * table of trades `{ date, action: BUY | SELL | ADJUST_COST | SPLIT, asset, quantity, price, fees,
 * amount, ratio }`, and each tax year's gains, losses, exempt amount and tax with the rates and
 * allowances of the parameter set named in `tax` (docs/definition-format.md "Share matching").
 * The value is one object: `disposals`, `taxYears`, `gainsByTaxYear`, `holdings`, `problems`, `totals`.
 */
export interface ShareMatchingInputSpec {
  name: string;
  description?: string;
  kind: 'shareMatching';
  /** The table answer (or earlier input) holding the trades. */
  from: string;
  /** An answer or earlier input: unused losses brought forward into the first year. */
  lossesBroughtForward?: string;
  tax?: {
    set: string;
    /** Keys in the set: the exempt amount, band and allowance by tax year; the rates by disposal date. */
    annualExemptAmount: string;
    lowerRate: string;
    higherRate: string;
    basicRateBand?: string;
    personalAllowance?: string;
    personalAllowanceTaperThreshold?: string;
    personalAllowanceTaperRate?: string;
    /** An answer or earlier input: income before the personal allowance (the same each year). */
    income?: string;
    /** An answer or earlier input: true when, income not known, the whole basic rate band is free. */
    basicRateBandFree?: string;
    /** Key in the set, by tax year: proceeds above it must be reported even with no tax. */
    proceedsReportingThreshold?: string;
  };
  /** Client sentences for trades that could not be matched, `{{asset}}`, `{{date|date}}`, `{{quantity}}`, `{{row}}` filled. */
  messages?: { oversold?: string; negativeCost?: string; invalidRow?: string };
}

// ---------------------------------------------------------------------------
// Rules: a json-rules-engine rule with a human description (becomes the "why").
// ---------------------------------------------------------------------------
export interface RuleBase {
  id: string;
  description: string;
  conditions: AllCondition | AnyCondition | NotCondition;
}

/**
 * What a client text says about the result, so the consistency check (`checkConsistency`) can hold
 * the page to it: `complexity` lists the levels the text is consistent with ("highly complex
 * technical work" → ["Medium", "High"]); a page showing another level beside it contradicts itself.
 */
export interface TextClaims {
  complexity?: ComplexityLevel[];
}

export interface FactorRule extends RuleBase {
  factor: string;
  points: number;
  /** Shown to the user among the eligibility reasons when this rule counts. */
  reason: string;
  /** Whether the reason argues for the claim or against it: an argument against may not add points. */
  direction?: 'for' | 'against';
  implies?: TextClaims;
}

/**
 * A rule that decides the likelihood whatever the points (D8): a knock-out ("no qualifying patent" →
 * Unlikely) or a decisive fact ("the SDLT paid exceeds the tax due" → Likely). Overrides run in order
 * after the bands; the first that holds wins. Conditions read the eligibility stage's facts plus
 * `eligibilityScore` (the score from the points). Texts may hold `{{fact|format}}` placeholders.
 */
export interface EligibilityOverride extends RuleBase {
  likelihood: Likelihood;
  /** Shown to the user as the first reason (for Unlikely: the only one). */
  reason: string;
  /** Shown with an Unlikely result: what would change it. */
  whatWouldChange?: string;
  implies?: TextClaims;
}

export interface EligibilityScored {
  factors: { id: string; description: string; max: number; aggregate?: 'max' | 'sum' }[];
  rules: FactorRule[];
  /** Likely at or above the first band's min, Possible at or above the second … (score is a percentage). */
  bands: { likelihood: Likelihood; min: number }[];
  otherwise: Likelihood;
  confidence: { inputs: string[]; divisor: number };
  overrides?: EligibilityOverride[];
}
export interface EligibilityFixed {
  fixed: { likelihood: Likelihood; confidenceLevel: number; score: number; reasons: string[] };
  overrides?: EligibilityOverride[];
}
export type EligibilitySection = EligibilityScored | EligibilityFixed;

export interface FlagTier {
  weight: number;
  description?: string;
  implies?: TextClaims;
  conditions: AllCondition | AnyCondition | NotCondition;
}
export interface FlagSpec {
  id: string;
  description: string;
  /** Weight counted toward the maximum (and given when `conditions` holds). */
  weight: number;
  conditions?: AllCondition | AnyCondition | NotCondition;
  /** Tiered weights: the highest tier that holds is given. */
  tiers?: FlagTier[];
  implies?: TextClaims;
}
export interface ComplexityScored {
  flags: FlagSpec[];
  levels: { level: ComplexityLevel; min: number }[];
  otherwise: ComplexityLevel;
  /** Named counts of raised flags, exposed as facts to approach rules, e.g. flags of weight ≥ 4. */
  counts?: { name: string; minWeight: number }[];
}
export interface ComplexityFixed {
  /** `reason`: why every claim of this service has this complexity (shown instead of a flag list). */
  fixed: { complexityScore: number; complexityLevel: ComplexityLevel; reason?: string; implies?: TextClaims };
}
export type ComplexitySection = (ComplexityScored | ComplexityFixed) & {
  /** Which potential key the complexity result carries, and how it is computed. */
  potential: {
    key: 'potentialRefund' | 'potentialBenefit' | 'potentialSavings';
    low: Expression;
    medium: Expression;
    high: Expression;
  };
};

export interface Selection {
  id: string;
  description: string;
  /** first: the first rule that holds gives the value; sum: every rule that holds adds its value. */
  mode: 'first' | 'sum';
  rules: {
    id: string;
    description: string;
    conditions: AllCondition | AnyCondition | NotCondition;
    value: number;
  }[];
  default: number;
}

export interface Calculation {
  id: string;
  description: string;
  expr: Expression;
  unit?: 'GBP' | 'percent' | 'ratio' | 'months' | 'days' | 'count';
  /**
   * The client reads this calculation's sentence only when this holds over the facts of its stage
   * (e.g. an overpayment only when the tax paid is known); the value is computed and traced always.
   */
  when?: Condition;
}

export interface ValueSection {
  valueType: 'refund' | 'benefit' | 'savings' | 'liability';
  /** Client heading of the value, e.g. "Estimated saving per year" (template). */
  label?: string;
  /** The assumption or basis shown under the value, e.g. "Assumes 20% of the price is fixtures" (template). */
  note?: string;
  /** Values chosen by rules (rates, factors), exposed as facts named by id. */
  selections?: Selection[];
  /** Ordered named calculations, exposed as facts named by id. */
  calculations?: Calculation[];
  median: Expression;
  low: Expression;
  high: Expression;
  /** Confidence words of the value estimate, by likelihood. */
  confidenceByLikelihood: Record<Likelihood, string>;
  /** Factors listed in the value estimate (descriptions resolved with the figures used). */
  factors?: { label: string; value: Expression; unit?: Calculation['unit'] }[];
}

/** What an approach's rationale rests on, for the consistency check. */
export interface ApproachClaims {
  implies?: TextClaims;
  /** The condition the rationale cites ("the saving is below £5,000"): it must hold whenever it is shown. */
  cites?: AllCondition | AnyCondition | NotCondition;
}

export interface ApproachRule extends RuleBase, ApproachClaims {
  serviceApproach: ServiceApproach;
  approachRationale: string;
}

/** A named list of items collected from rules (e.g. CGT applicable reliefs, filing obligations). */
export interface ListSpec {
  id: string;
  description: string;
  rules: (RuleBase & { item: string })[];
}

export interface ActionStep {
  step: number;
  title: string;
  description: string;
  estimatedTime: string;
}
export interface DocumentRequirement {
  id: string;
  name: string;
  description: string;
  required: boolean;
}

export interface RecommendationSection {
  /** Summary text by likelihood. `{{fact}}` and `{{fact|currency}}`, `{{fact|percent}}` are filled in. */
  summary: Record<Likelihood, string>;
  actionPlans: Record<ServiceApproach, ActionStep[]>;
  nextSteps: Record<ServiceApproach, string[]>;
  documentRequirements: {
    base: DocumentRequirement[];
    byApproach?: Partial<Record<ServiceApproach, DocumentRequirement[]>>;
    /** Documents are asked for only when this holds (e.g. the value is above £0: nothing to gain, nothing to gather). */
    when?: AllCondition | AnyCondition | NotCondition;
  };
  /**
   * Multi-line recommendation text for the server result field (R&D, CGT…): sections in order,
   * each shown when its condition holds; paragraphs joined by a blank line.
   */
  text?: { heading?: string; paragraphs: string[]; when?: Condition }[];
  /** Shown with an Unlikely result when no override says more: what would change it (template). */
  whatWouldChange?: string;
}

/** How a result field is shown on the results page. */
export type ResultFormat =
  | 'money' // £12,345 (pence only where they exist)
  | 'percent' // 25 → 25%
  | 'scoreOutOf10' // 6.5 → "6.5 / 10" with its Low / Medium / High band
  | 'list' // an array, one item per line ("emptyText" when empty)
  | 'paragraphs' // text with blank lines between paragraphs; known section headings become headings
  | 'yesNo' // true/false → Yes/No
  | 'likelihood' // Likely / Possible / Unlikely
  | 'date' // 2023-05-10 → 10 May 2023
  | 'number'
  | 'text'
  | 'table'; // an array of objects, one row each, in the field's `columns`
/**
 * Which part of the results page shows the field; `hidden`: stored for the portal/API, not shown;
 * `notice`: above everything else, for what the client must read first (a deadline that passed).
 */
export type ResultPlace =
  'notice' | 'eligibility' | 'value' | 'complexity' | 'approach' | 'details' | 'hidden';

/** How a server result field is derived from the evaluation (paths into AssessmentEvaluation), and shown. */
export interface ResultFieldSpec {
  from: string; // e.g. "eligibility.likelihood", "complexity.complexityScore", "facts.taxableGain", "lists.applicableReliefs"
  in?: Primitive[]; // → boolean: value is one of these
  scale?: number; // multiply
  decimals?: number; // round to
  /** Client label (required for display; a field without one is not shown). */
  label?: string;
  format?: ResultFormat;
  /** Default `details`. Fields show in the order they are declared. */
  place?: ResultPlace;
  /** Shown only when this holds over the evaluation's facts (e.g. only when the SDLT paid is known). */
  when?: Condition;
  /** Text shown when the value is missing or an empty list. */
  emptyText?: string;
  /** table fields: the columns shown, each a key of the row objects. */
  columns?: ResultColumn[];
}

/** A column of a table result field. */
export interface ResultColumn {
  /** The row's property (a dotted path is allowed: `totals.tax`). */
  key: string;
  label: string;
  format?: 'money' | 'number' | 'date' | 'text' | 'list';
  /** Texts for the cell's values (e.g. `{ "same-day": "Same day" }`). */
  labels?: Record<string, string>;
  /** A cell holding an array of objects: each item shown as one line of these columns. */
  columns?: ResultColumn[];
}

export interface ParameterRef {
  /** Name the expressions use: { "param": name }. */
  name: string;
  set: string; // parameter file id, definitions/parameters/<set>.json
  key: string; // parameter key inside the file, e.g. "aea.individual"
  /** Lookup by the UK tax year containing the date fact, or by the date itself. */
  by: 'taxYear' | 'date';
  dateFact: string;
}

export interface DefinitionTest {
  name: string;
  answers?: Record<string, unknown>;
  inputs?: Record<string, unknown>;
  asOf: string;
  /** Paths into AssessmentEvaluation (e.g. "eligibility.score", "resultFields.sdlt_recommendation") → expected values. */
  expect: Record<string, unknown>;
}

export interface AssessmentDefinition {
  $schema?: string;
  id: string; // assessment type code (sdlt_refund, cgt_assessment, generic …)
  serviceType: string; // service type code of the catalogue (cgt_reclaim for CGT)
  aliases?: string[]; // other codes that select this definition (e.g. cgt_reclaim)
  version: number;
  status: 'draft' | 'published' | 'retired';
  effectiveFrom: string;
  title: string;
  description?: string;
  questionnaire: { questions: Question[] };
  inputs: InputSpec[];
  parameters?: ParameterRef[];
  calculations?: Calculation[]; // run after inputs, before eligibility (CGT gains, tax)
  lists?: ListSpec[];
  eligibility: EligibilitySection;
  complexity: ComplexitySection;
  value: ValueSection;
  approach: {
    rules: ApproachRule[];
    otherwise: { serviceApproach: ServiceApproach; approachRationale: string } & ApproachClaims;
  };
  recommendation: RecommendationSection;
  resultFields?: Record<string, ResultFieldSpec>;
  /** Claim templates: the routes a claim to the tax authority can take, chosen by the result's facts. */
  claims?: ClaimTemplates;
  tests: DefinitionTest[];
}

// ---------------------------------------------------------------------------
// Claim templates (issue 30): one per route; the API builds a draft per route whose `when` holds
// ---------------------------------------------------------------------------
export interface ClaimTemplates {
  routes: ClaimRoute[];
}

/** Where a claim item's value comes from. */
export type ClaimItemSource = 'fact' | 'answer' | 'client' | 'staff' | 'declaration' | 'document' | 'limit';

/** The fields a client supplies on a draft (a bounded form in the portal). */
export type ClaimClientField =
  | 'utrn'
  | 'purchasers'
  | 'propertyAddress'
  | 'titleNumber'
  | 'bankAccountName'
  | 'bankSortCode'
  | 'bankAccountNumber'
  | 'appealedBefore'
  | 'taxReference';

export interface ClaimRoute {
  id: string;
  title: string;
  /** The legal basis the draft names (e.g. "Finance Act 2003 Schedule 10 paragraph 6"). */
  legalBasis: string;
  /** The route applies when this holds over the result's facts. */
  when: Condition;
  /** The route's time limit: the fact holding the last day to claim, and the rule in words. */
  limit: { fact: string; rule: string; parameter?: { set: string; key: string } };
  items: ClaimItem[];
  sections: ClaimSection[];
}

export interface ClaimItem {
  id: string;
  label: string;
  kind: 'hard' | 'warn';
  source: ClaimItemSource;
  /** The fact, answer, client field, staff section or document requirement the value comes from. */
  ref?: string;
  /** How the value is shown (money, date, …, as in texts). */
  format?: string;
  /** Plain English when the item is missing, e.g. "UTRN of the original return: ask the client". */
  missing: string;
  /** The legal reference for the item. */
  basis?: string;
}

export interface ClaimSection {
  id: string;
  heading: string;
  /** Text with {{name|format}} merge fields: facts, `client.<field>`, `claim.*`, `route.*`, `staff.<section>`. */
  text: string;
  /** Staff edit this section's text (free text); the template's text is where they start. */
  editable?: boolean;
  /** One line per row of a list fact (e.g. each disposal), with its own merge fields. */
  repeat?: { rows: string; text: string; each?: { rows: string; text: string } };
}

// ---------------------------------------------------------------------------
// Parameter files (definitions/parameters/<id>.json)
// ---------------------------------------------------------------------------
export interface ParameterSet {
  $schema?: string;
  id: string;
  title: string;
  /**
   * `title`: the source as recorded (provenance, adviser detail); `cite`: the source as a person
   * would cite it to a client ("HMRC: Stamp Duty Land Tax rates"), with its link. Clients read `cite`
   * when there is one.
   */
  sources: Record<string, { title: string; url?: string; cite?: { title: string; url?: string } }>;
  parameters: Record<
    string,
    {
      description: string;
      /** `bands`: the value is a BandTable (read by the `bandedTax` expression). */
      unit: 'GBP' | 'rate' | 'months' | 'days' | 'count' | 'text' | 'bands';
      values: { from: string; to: string | null; value: ParameterValueType; source: string; note?: string }[];
    }
  >;
  /**
   * Test cases kept with the values they guard (issue 29, the release gate): each runs an
   * assessment of `definition` (an id) dated `asOf` with these parameters; a changed dated value
   * needs a passing test that reads it before the set goes to review.
   */
  tests?: ParameterSetTest[];
}

/** A test case of a parameter set: a definition test that names the definition it runs. */
export interface ParameterSetTest extends DefinitionTest {
  definition: string;
}

// ---------------------------------------------------------------------------
// Results (field names of the eligibility spec, section 3)
// ---------------------------------------------------------------------------
export type Likelihood = 'Likely' | 'Possible' | 'Unlikely';
export type ComplexityLevel = 'Low' | 'Medium' | 'High';
export type ServiceApproach = 'No-Win No-Fee' | 'Consultancy Fee' | 'Specialist Referral' | 'Not Recommended';

export interface EligibilityResult {
  serviceType: string;
  likelihood: Likelihood;
  confidenceLevel: number;
  score: number;
  reasons: string[];
  rawScore: number;
  maxPossibleScore: number;
  /** The override rule that decided the likelihood, when one did (texts filled). */
  override?: { id: string; reason: string; whatWouldChange?: string };
}

export interface Range3 {
  low: number;
  medium: number;
  high: number;
}

export interface ComplexityResult {
  serviceType: string;
  complexityScore: number;
  complexityLevel: ComplexityLevel;
  flags: { id: string; description: string; weight: number }[];
  serviceApproach: ServiceApproach;
  approachRationale: string;
  nextSteps: string[];
  potentialRefund?: Range3;
  potentialBenefit?: Range3;
  potentialSavings?: Range3;
  /** A fixed complexity's reason (definition `complexity.fixed.reason`). */
  fixedReason?: string;
}

export interface ValueEstimate {
  serviceType: string;
  estimates: { low: number; median: number; high: number };
  confidenceLevel: string;
  factors: { label: string; value: number; unit?: string }[];
  valueType: ValueSection['valueType'];
  /** Filled `value.label` / `value.note` of the definition. */
  label?: string;
  note?: string;
}

export interface Recommendation {
  summary: string;
  eligibility: EligibilityResult;
  complexity: ComplexityResult;
  valueEstimate: ValueEstimate;
  actionPlan: ActionStep[];
  documentRequirements: DocumentRequirement[];
  nextSteps: string[];
  text: string; // multi-line text (paragraphs separated by a blank line)
  timestamp: string; // asOf at midnight UTC, so results are deterministic
  /** With an Unlikely result: what would change it (the override's text, else the definition's). */
  whatWouldChange?: string;
}

export interface TraceRule {
  stage: 'inputs' | 'eligibility' | 'override' | 'complexity' | 'selection' | 'list' | 'approach';
  id: string;
  description: string;
  /**
   * The client's sentence: the rule's `reason` (eligibility) or `description` with its
   * `{{fact|format}}` placeholders filled from the facts of its stage. Absent for input cases.
   */
  text?: string;
  matched: boolean;
  /** Facts the rule read, with their values. */
  facts: Record<string, unknown>;
  points?: number;
  weight?: number;
  value?: number | string;
  /** True when the rule's outcome counted (e.g. the highest-scoring rule of its factor). */
  counted?: boolean;
}
export interface TraceParameter {
  name: string;
  set: string;
  key: string;
  value: ParameterValueType;
  from: string;
  to: string | null;
  source: string;
  sourceTitle: string;
  sourceUrl?: string;
  /** The source as a client reads it (the set's `sources[…].cite`), when the set gives one. */
  sourceCite?: { title: string; url?: string };
  /** The parameter's description and unit in its set (what a client reads beside the value). */
  description?: string;
  unit?: ParameterSet['parameters'][string]['unit'];
}
export interface Trace {
  definition: { id: string; version: number };
  asOf: string;
  rules: TraceRule[];
  /**
   * `text`: the description with its placeholders filled (definition calculations only; the
   * engine's own summary figures — value and potential low/median/high — have none and are adviser detail).
   */
  calculations: {
    id: string;
    description: string;
    value: number;
    unit?: string;
    text?: string;
    /** The stage that made it: the definition's calculations, the value's, or the potential. */
    stage?: 'facts' | 'value' | 'potential';
  }[];
  parameters: TraceParameter[];
  /** Facts (and parameters) an expression read while missing, so it used its default or 0. */
  missing?: string[];
}

/**
 * How one result field is shown, decided by the engine from the definition (so a stored result
 * is shown as it was evaluated): its label, format and card; `place: 'hidden'` when the field is
 * hidden or its `when` does not hold. A field without presentation (versions before it existed)
 * gets a label and format derived from its name and source, `derived: true`, and is hidden when
 * a card already shows what it reads (likelihood, value estimate, complexity score, summary).
 */
export interface ResultFieldView {
  name: string;
  label: string;
  format: ResultFormat;
  place: ResultPlace;
  emptyText?: string;
  derived?: boolean;
  /** table fields: the columns. */
  columns?: ResultColumn[];
}

export interface AssessmentEvaluation {
  definition: { id: string; serviceType: string; version: number; title: string };
  asOf: string;
  answers: Record<string, unknown>; // active answers only (hidden questions removed)
  inputs: Record<string, unknown>;
  facts: Record<string, unknown>; // inputs + calculations + selections + stage outputs
  lists: Record<string, string[]>;
  eligibility: EligibilityResult;
  complexity: ComplexityResult;
  value: ValueEstimate;
  recommendation: Recommendation;
  resultFields: Record<string, unknown>;
  /** How each result field is shown, in declaration order (absent in results stored before it existed). */
  resultFieldViews?: ResultFieldView[];
  trace: Trace;
}
