/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- fixtures edit the definition JSON freely */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { AssessmentDefinition, ParameterSet } from '../types';
import { checkDefinition, checkParameterSet, type CheckCode } from './check-definition';

const root = fileURLToPath(new URL('../../../definitions/', import.meta.url));
const read = <T>(path: string): T => JSON.parse(readFileSync(join(root, path), 'utf8')) as T;
const sets: ParameterSet[] = readdirSync(join(root, 'parameters')).map((f) =>
  read<ParameterSet>(`parameters/${f}`),
);
const sdlt = read<AssessmentDefinition>('assessments/sdlt_refund/v2.json');
const sdltSet = sets.find((s) => s.id === 'sdlt')!;

type Mutable = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- fixtures edit arbitrary parts of the JSON
const draft = (edit: (d: Mutable) => void): Mutable => {
  const d = structuredClone(sdlt) as unknown as Mutable;
  edit(d);
  return d;
};

// Each check: a failing fixture (a small edit of the real SDLT definition or parameter set) and
// the message the adviser reads, naming the screen and the field.
const cases: {
  code: CheckCode;
  fixture: () => ReturnType<typeof checkDefinition>;
  screen: string;
  field: RegExp;
  message: RegExp;
}[] = [
  {
    code: 'bands-order',
    fixture: () =>
      checkDefinition(
        draft((d) => (d.eligibility.bands[1].min = 80)),
        { parameterSets: sets },
      ),
    screen: 'Scoring',
    field: /^Bands · Possible at or above$/,
    message: /“Possible at or above” \(80\) must be lower than “Likely at or above” \(75\)/,
  },
  {
    code: 'levels-order',
    fixture: () =>
      checkDefinition(
        draft((d) => {
          const levels = d.complexity.levels as Mutable[];
          const medium = levels.find((l) => l.level === 'Medium')!;
          medium.min = levels.find((l) => l.level === 'High')!.min;
        }),
        { parameterSets: sets },
      ),
    screen: 'Complexity',
    field: /^Levels · Medium at or above$/,
    message: /“Medium at or above” \(\d+\) must be lower than “High at or above” \(\d+\)/,
  },
  {
    code: 'points-above-max',
    fixture: () =>
      checkDefinition(
        draft((d) => {
          const rule = d.eligibility.rules[0];
          const max = d.eligibility.factors.find((f: Mutable) => f.id === rule.factor).max as number;
          rule.points = max + 5;
        }),
        { parameterSets: sets },
      ),
    screen: 'Scoring',
    field: /^Points rule “.+” · Points$/,
    message: /gives \d+ points, more than the maximum of \d+ for the factor “.+”/,
  },
  {
    code: 'yes-no-vs-text',
    fixture: () =>
      checkDefinition(
        draft((d) => {
          d.questionnaire.questions[1].condition = { fact: 'hasAnnexeSDR', operator: 'equal', value: 'Yes' };
        }),
        { parameterSets: sets },
      ),
    screen: 'Questions',
    field: /^Question “.+” · Shown when$/,
    message: /Question “.+” is answered Yes or No, but this condition compares it with the text “Yes”/,
  },
  {
    code: 'value-not-an-option',
    fixture: () =>
      checkDefinition(
        draft((d) => {
          d.questionnaire.questions[1].condition = {
            fact: 'propertyTypeSDR',
            operator: 'equal',
            value: 'Residental',
          };
        }),
        { parameterSets: sets },
      ),
    screen: 'Questions',
    field: /^Question “.+” · Shown when$/,
    message: /"Residental" is not one of the options of Question “.+” \("Residential", "Commercial"/,
  },
  {
    code: 'question-unread',
    fixture: () =>
      checkDefinition(
        draft((d) => {
          d.questionnaire.questions.push({
            id: 'newQuestionSDR',
            question: 'Was the property bought at auction?',
            type: 'radio',
            options: [
              { value: true, label: 'Yes' },
              { value: false, label: 'No' },
            ],
          });
        }),
        { parameterSets: sets },
      ),
    screen: 'Questions',
    field: /^Question “Was the property bought at auction\?”$/,
    message: /is asked but no input, rule or other question reads its answer/,
  },
  {
    code: 'parameter-value-type',
    fixture: () => {
      const set = structuredClone(sdltSet) as unknown as Mutable;
      const [, p] = Object.entries(set.parameters as Record<string, Mutable>).find(
        ([, x]) => x.unit !== 'text' && x.unit !== 'bands',
      )!;
      p.values[0].value = '125000';
      return checkParameterSet(set);
    },
    screen: 'Parameters',
    field: /^“.+” · row 1 · Value$/,
    message: /must be a number \(its unit is \w+\), not "125000"/,
  },
  {
    code: 'parameter-test-name-duplicate',
    fixture: () => {
      const set = structuredClone(sdltSet) as unknown as Mutable;
      const test = { name: 'Same name', definition: 'sdlt_refund', asOf: '2027-06-01', expect: { x: 1 } };
      set.tests = [test, { ...test }];
      return checkParameterSet(set);
    },
    screen: 'Parameters',
    field: /^Test 2 · Name$/,
    message: /Two tests are named “Same name”/,
  },
  {
    code: 'parameter-dates-gap',
    fixture: () => {
      const set = structuredClone(sdltSet) as unknown as Mutable;
      set.parameters['res.bands'].values[1].from = '2020-07-10';
      return checkParameterSet(set);
    },
    screen: 'Parameters',
    field: /· row 2 · From$/,
    message: /has no value from 2020-07-08 to 2020-07-09/,
  },
  {
    code: 'parameter-dates-overlap',
    fixture: () => {
      const set = structuredClone(sdltSet) as unknown as Mutable;
      set.parameters['res.bands'].values[1].from = '2020-07-01';
      return checkParameterSet(set);
    },
    screen: 'Parameters',
    field: /· row 2 · From$/,
    message: /the value from 2020-07-01 overlaps the one from 2014-12-04 \(which runs to 2020-07-07\)/,
  },
  {
    code: 'max-score-changed',
    fixture: () =>
      checkDefinition(
        draft((d) => (d.eligibility.factors[0].max += 10)),
        { parameterSets: sets, published: sdlt },
      ),
    screen: 'Scoring',
    field: /^Factors · Maximum score$/,
    message: /The maximum score changes from \d+ to \d+ .*every score is rescaled/,
  },
  {
    code: 'schema',
    fixture: () =>
      checkDefinition(
        draft((d) => (d.eligibility.bands[0].min = 'seventy')),
        { parameterSets: sets },
      ),
    screen: 'Scoring',
    field: /^Bands · Likely at or above$/,
    message: /^Bands · Likely at or above: must be a number$/,
  },
];

describe('checkDefinition: nonsense caught, in the adviser’s words', () => {
  it('the real definitions have no errors', () => {
    for (const dir of readdirSync(join(root, 'assessments')).filter((f) => !f.includes('.'))) {
      for (const file of readdirSync(join(root, 'assessments', dir)).filter((f) => /^v\d+\.json$/.test(f))) {
        const errors = checkDefinition(read(`assessments/${dir}/${file}`), { parameterSets: sets }).filter(
          (c) => c.severity === 'error',
        );
        expect(errors, `${dir}/${file}`).toEqual([]);
      }
    }
    for (const set of sets)
      expect(
        checkParameterSet(set).map((c) => `${c.code} ${c.path}`),
        set.id,
      ).toEqual([]);
    // a band table is checked as one: rising bounds, only the last open-ended
    const broken = structuredClone(sdltSet) as unknown as Mutable;
    broken.parameters['res.bands'].values[0].value = [
      { upTo: null, rate: 0 },
      { upTo: 125000, rate: 0.02 },
    ];
    expect(checkParameterSet(broken).map((c) => c.message)).toEqual([
      expect.stringMatching(/must be a band table \(each band: up to, rate\)/),
    ]);
  });

  for (const c of cases) {
    it(`${c.code}: names the screen and field`, () => {
      const found = c.fixture().filter((x) => x.code === c.code);
      expect(found.length, JSON.stringify(c.fixture(), null, 1)).toBeGreaterThan(0);
      // (a real definition may already hold a warning of the same kind: the fixture's is the one asked for)
      const check = found.find((x) => c.field.test(x.field)) ?? found[0]!;
      expect(check.severity).toBe(
        c.code === 'max-score-changed' || c.code === 'question-unread' ? 'warning' : 'error',
      );
      expect(check.screen).toBe(c.screen);
      expect(check.field).toMatch(c.field);
      expect(check.message).toMatch(c.message);
    });
  }
});
