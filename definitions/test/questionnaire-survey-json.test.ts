// Every assessment definition's questionnaire as SurveyJS JSON: valid against the JSON Schema that
// survey-core ships (the document, then each element against the schema of its own type), and its
// generated visibleIf gives the same visible questions as the engine's visibleQuestions, checked in
// survey-core's Model across answer sets that take every branch of every condition.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { Model } from 'survey-core';
import { describe, expect, it } from 'vitest';
import {
  answerCombinations,
  toSurveyJson,
  visibleQuestions,
  type AssessmentDefinition,
  type SurveyJson,
} from '@reclaim/engine';

const assessmentsDir = new URL('../assessments/', import.meta.url);
const files = readdirSync(assessmentsDir, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(new URL(`${d.name}/`, assessmentsDir))
      .filter((f) => /^v\d+\.json$/.test(f))
      .map((f) => `${d.name}/${f}`),
  )
  .sort();
const definitions = files.map(
  (file) =>
    [file, JSON.parse(readFileSync(new URL(file, assessmentsDir), 'utf8')) as AssessmentDefinition] as const,
);

// Ajv 8 (the engine's; the root node_modules holds an older major for ESLint). The SurveyJS schema is draft-07.
interface AjvLike {
  compile(schema: unknown): ValidateFn;
  getSchema(ref: string): ValidateFn | undefined;
  errorsText(errors?: unknown): string;
}
interface ValidateFn {
  (data: unknown): boolean;
  errors?: unknown;
}
const engineRequire = createRequire(new URL('../../engine/package.json', import.meta.url));
const AjvClass = (engineRequire('ajv') as { default: new (options: Record<string, unknown>) => AjvLike })
  .default;
const ajv = new AjvClass({ strict: false, allErrors: true });
const surveySchemaPath = join(
  dirname(createRequire(import.meta.url).resolve('survey-core')),
  'surveyjs_definition.json',
);
const surveySchema = JSON.parse(readFileSync(surveySchemaPath, 'utf8')) as { $schema?: string };
const validateSurvey = ajv.compile(surveySchema);

function schemaErrors(json: SurveyJson): string[] {
  const errors: string[] = [];
  if (!validateSurvey(json)) errors.push(ajv.errorsText(validateSurvey.errors));
  for (const page of json.pages) {
    for (const element of page.elements) {
      const validate = ajv.getSchema(element.type);
      if (validate === undefined) errors.push(`${element.name}: no schema for type ${element.type}`);
      else if (!validate(element)) errors.push(`${element.name}: ${ajv.errorsText(validate.errors)}`);
    }
  }
  return errors;
}

describe('SurveyJS schema', () => {
  it('is the draft-07 schema survey-core ships', () => {
    expect(surveySchema.$schema).toBe('http://json-schema.org/draft-07/schema#');
  });
  it('finds every definition', () => {
    expect(files).toEqual(
      expect.arrayContaining([
        'business_rates_appeals/v1.json',
        'capital_allowances/v1.json',
        'cgt_assessment/v1.json',
        'default_template/v1.json',
        'generic/v1.json',
        'patent_box/v1.json',
        'rd_tax_credits/v1.json',
        'sdlt_refund/v1.json',
      ]),
    );
  });
});

describe.each(definitions)('%s as SurveyJS', (_file, definition) => {
  const json = toSurveyJson(definition);
  const ids = definition.questionnaire.questions.map((q) => q.id);

  it('validates against surveyjs_definition.json, element by element', () => {
    expect(schemaErrors(json)).toEqual([]);
  });

  it('has a page per question, each question named by its id, and the review page last', () => {
    expect(json.pages.slice(0, -1).map((p) => p.elements.map((e) => e.name))).toEqual(ids.map((id) => [id]));
    expect(json.pages.at(-1)?.title).toBe('Review your answers');
  });

  it(
    'visibleIf agrees with visibleQuestions across every branch of every condition',
    { timeout: 120_000 },
    () => {
      const conditional = definition.questionnaire.questions
        .filter((q) => q.condition !== undefined)
        .map((q) => q.id);
      const seenVisible = new Set<string>();
      const seenHidden = new Set<string>();
      // A fresh model shows stale answers of hidden questions as given; the reused one has moved
      // through the earlier answer sets (SurveyJS clears answers it hides).
      const reused = new Model(json);
      answerCombinations(definition).forEach((answers, i) => {
        const expected = visibleQuestions(definition, answers).map((q) => q.id);
        const model = i % 10 === 0 ? new Model(json) : reused;
        model.data = answers;
        const actual = ids.filter((id) => model.getQuestionByName(id)?.isVisible === true);
        expect({ answers, visible: actual }).toEqual({ answers, visible: expected });
        for (const id of conditional) (expected.includes(id) ? seenVisible : seenHidden).add(id);
      });
      // Every condition was exercised both ways.
      expect([...seenVisible].sort()).toEqual([...conditional].sort());
      expect([...seenHidden].sort()).toEqual([...conditional].sort());
    },
  );
});
