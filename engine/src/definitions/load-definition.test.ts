import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadDefinition, loadParameterSet } from './load-definition';
import { DefinitionError } from './definition-error';
import { createRegistry, versionInForce } from './registry';
import { isLoadedDefinition } from './loaded-definition';
import { miniDefinition, miniParameters } from '../rules/__fixtures__/mini-definition';
import type { AssessmentDefinition } from '../types';

const fixtures = join(import.meta.dirname, '../../../definitions/fixtures');
const readJson = (file: string): unknown => JSON.parse(readFileSync(file, 'utf8'));
const copy = (): AssessmentDefinition => JSON.parse(JSON.stringify(miniDefinition)) as AssessmentDefinition;

function issuesOf(fn: () => unknown): DefinitionError {
  try {
    fn();
  } catch (error) {
    if (error instanceof DefinitionError) return error;
    throw error;
  }
  throw new Error('expected a DefinitionError');
}

describe('loadDefinition', () => {
  it('returns a frozen definition carrying its parameter sets, without changing the input', () => {
    const json = copy();
    const loaded = loadDefinition(json, { parameterSets: { mini: miniParameters } });
    expect(isLoadedDefinition(loaded)).toBe(true);
    expect(Object.isFrozen(loaded.eligibility)).toBe(true);
    expect(Object.isFrozen(json)).toBe(false);
    expect(Object.keys(loaded.parameterSets)).toEqual(['mini']);
    expect(JSON.parse(JSON.stringify(loaded))).toEqual(json);
  });

  it('lists every schema problem with its path and a plain message', () => {
    const json = copy() as unknown as Record<string, unknown> & {
      eligibility: { bands: { min: unknown }[] };
    };
    const band = json.eligibility.bands[0];
    if (band) band.min = 'seventy';
    json.status = 'live';
    delete json.title;
    const error = issuesOf(() => loadDefinition(json, { parameterSets: [miniParameters] }));
    expect(error.issues).toEqual(
      expect.arrayContaining([
        { path: '/eligibility/bands/0/min', message: 'must be number' },
        { path: '', message: "must have required property 'title'" },
        {
          path: '/status',
          message: 'must be equal to one of the allowed values: "draft", "published", "retired"',
        },
      ]),
    );
    expect(error.message).toContain('/eligibility/bands/0/min: must be number');
    expect(error.code).toBe('DEFINITION_INVALID');
  });

  it('reports every semantic problem at once', () => {
    const json = copy();
    const q = json.questionnaire.questions;
    if (q[1] && q[0]) q[1].id = q[0].id;
    if ('rules' in json.eligibility && json.eligibility.rules[0]) json.eligibility.rules[0].factor = 'nope';
    const list = json.lists?.[0];
    if (list) list.id = 'purchaseValue';
    const error = issuesOf(() => loadDefinition(json, { parameterSets: [] }));
    const paths = error.issues.map((i) => i.path);
    expect(paths).toContain('/questionnaire/questions/1/id');
    expect(paths).toContain('/eligibility/rules/0/factor');
    expect(paths).toContain('/parameters/0/set');
    expect(paths).toContain('/parameters/1/set');
    expect(error.issues).toContainEqual({
      path: '/lists/0/id',
      message: 'list id "purchaseValue" repeats a fact name',
    });
  });

  it('notAfter belongs to date questions only', () => {
    const json = copy();
    const dateIndex = json.questionnaire.questions.findIndex((q) => q.type === 'date');
    const otherIndex = json.questionnaire.questions.findIndex((q) => q.type !== 'date');
    const date = json.questionnaire.questions[dateIndex];
    const other = json.questionnaire.questions[otherIndex];
    if (!date || !other) throw new Error('the mini definition has a date and another question');
    date.notAfter = 'asOf';
    expect(() => loadDefinition(json, { parameterSets: [miniParameters] })).not.toThrow();
    other.notAfter = 'asOf';
    expect(issuesOf(() => loadDefinition(json, { parameterSets: [miniParameters] })).issues).toContainEqual({
      path: `/questionnaire/questions/${otherIndex}/notAfter`,
      message: `notAfter applies to date questions only, not to a ${other.type} question`,
    });
  });

  it('rejects a parameter value whose source is not listed, or values that overlap', () => {
    const set = JSON.parse(JSON.stringify(miniParameters)) as typeof miniParameters;
    const values = set.parameters['relief.rate']?.values;
    if (values?.[0]) {
      values[0].source = 'S9';
      values[0].to = '2024-05-01';
    }
    const error = issuesOf(() => loadParameterSet(set));
    expect(error.issues).toEqual([
      {
        path: '/parameters/relief.rate/values/0/source',
        message: 'unknown source "S9" (not a key of sources)',
      },
      { path: '/parameters/relief.rate/values/0/to', message: 'overlaps the value from 2024-04-06' },
    ]);
  });

  it('accepts a band table under unit "bands" and rejects one that is unordered, closed or misplaced', () => {
    const withBands = (unit: string, value: unknown) => ({
      ...miniParameters,
      parameters: {
        'tax.bands': {
          description: 'Bands',
          unit,
          values: [{ from: '2024-04-06', to: null, value, source: 'S1' }],
        },
      },
    });
    const good = [
      { upTo: 100, rate: 0 },
      { upTo: null, rate: 0.05 },
    ];
    expect(() => loadParameterSet(withBands('bands', good))).not.toThrow();
    const message = (unit: string, value: unknown) =>
      issuesOf(() => loadParameterSet(withBands(unit, value))).issues.map((i) => i.message);
    expect(message('bands', [{ upTo: 100, rate: 0 }])).toEqual(['the last band must be open (upTo: null)']);
    expect(
      message('bands', [
        { upTo: 100, rate: 0 },
        { upTo: 50, rate: 0.02 },
        { upTo: null, rate: 0.05 },
      ]),
    ).toEqual(['band 2 ends at 50, not above the band before it']);
    expect(message('bands', 0.05)).toEqual(['unit "bands" needs a band table ([{ upTo, rate }, …])']);
    expect(message('rate', good)).toEqual(['a band table needs unit "bands", not "rate"']);
  });
});

describe('invalid definition fixtures (definitions/fixtures/invalid)', () => {
  const expected = readJson(join(fixtures, 'invalid/expected.json')) as Record<string, string>;
  const parameterSets = [readJson(join(fixtures, 'parameters/fixture.json'))];
  const files = readdirSync(join(fixtures, 'invalid')).filter(
    (f) => f.endsWith('.json') && f !== 'expected.json',
  );

  it('the baseline they are copied from loads', () => {
    expect(() =>
      loadDefinition(readJson(join(fixtures, 'valid/mini_refund.json')), { parameterSets }),
    ).not.toThrow();
  });

  it('every fixture has an expected path, and there are at least 6', () => {
    expect(files.length).toBeGreaterThanOrEqual(6);
    expect(files.sort()).toEqual(Object.keys(expected).sort());
  });

  for (const file of files) {
    it(`${file} is rejected naming ${expected[file]}`, () => {
      const error = issuesOf(() =>
        loadDefinition(readJson(join(fixtures, 'invalid', file)), { parameterSets }),
      );
      const path = expected[file] ?? '(missing)';
      expect(error.issues.map((i) => i.path)).toContain(path);
      expect(error.message).toContain(`${path}: `);
    });
  }
});

describe('createRegistry', () => {
  const v1 = loadDefinition(miniDefinition, { parameterSets: [miniParameters] });
  const v2 = loadDefinition({ ...copy(), version: 2, status: 'draft' }, { parameterSets: [miniParameters] });
  const generic = loadDefinition(
    { ...copy(), id: 'generic', serviceType: 'generic', aliases: [] },
    { parameterSets: [miniParameters] },
  );
  const registry = createRegistry([v1, v2, generic]);

  it('resolves the latest published version, or the version asked for', () => {
    expect(registry.resolve('mini_refund')).toBe(v1);
    expect(registry.resolve('mini_refund', 2)).toBe(v2);
    expect(() => registry.resolve('mini_refund', 3)).toThrow('has no version 3');
  });

  it('resolves aliases, and unknown codes to the generic definition', () => {
    expect(registry.resolve('mini_alias')).toBe(v1);
    expect(registry.resolve('eis_relief')).toBe(generic);
    expect(registry.has('mini_alias')).toBe(true);
    expect(registry.has('eis_relief')).toBe(false);
  });

  it('resolves by date: the published version in force on asOf, drafts never', () => {
    const later = loadDefinition(
      { ...copy(), version: 3, status: 'published', effectiveFrom: '2030-01-01' },
      { parameterSets: [miniParameters] },
    );
    const dated = createRegistry([v1, v2, later, generic]);
    expect(dated.resolve('mini_refund', { asOf: '2029-12-31' })).toBe(v1);
    expect(dated.resolve('mini_refund', { asOf: '2030-01-01' })).toBe(later);
    expect(dated.resolve('mini_refund', { version: 2 })).toBe(v2);
  });

  it('refuses the same version twice', () => {
    expect(() => createRegistry([v1, v1])).toThrow('loaded twice');
  });
});

describe('versionInForce', () => {
  const v = (version: number, status: string, effectiveFrom: string) => ({ version, status, effectiveFrom });
  const versions = [
    v(1, 'published', '2024-01-01'),
    v(2, 'retired', '2025-01-01'),
    v(3, 'published', '2026-06-01'),
    v(4, 'published', '2026-03-01'),
    v(5, 'draft', '2024-01-01'),
    v(6, 'published', '2027-01-01'),
  ];

  it('picks the highest published version whose effectiveFrom is on or before the date', () => {
    expect(versionInForce(versions, '2024-01-01')?.version).toBe(1);
    expect(versionInForce(versions, '2025-06-01')?.version).toBe(1); // v2 retired, v5 a draft
    expect(versionInForce(versions, '2026-03-01')?.version).toBe(4);
    expect(versionInForce(versions, '2026-06-01')?.version).toBe(4); // both in force: the newer version wins
    expect(versionInForce(versions, '2026-12-31')?.version).toBe(4);
    expect(versionInForce(versions, '2027-01-01')?.version).toBe(6); // scheduled, live on its date
  });

  it('before any version is in force, the oldest published one answers; none published → undefined', () => {
    expect(versionInForce(versions, '2020-01-01')?.version).toBe(1);
    expect(versionInForce([v(1, 'draft', '2020-01-01')], '2030-01-01')).toBeUndefined();
  });
});
