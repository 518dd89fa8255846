import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ParameterSet } from '../types';
import { describeParameterChanges, longDate, showParameterValue } from './describe-parameter-changes';

const sdlt = JSON.parse(
  readFileSync(new URL('../../../definitions/parameters/sdlt.json', import.meta.url), 'utf8'),
) as ParameterSet;
const copy = (): ParameterSet => structuredClone(sdlt);

describe('describeParameterChanges: a parameter draft in sentences', () => {
  it('says nothing when nothing changed', () => {
    expect(describeParameterChanges(sdlt, copy())).toEqual([]);
  });

  it('reads a new rate from 6 April as the adviser typed it: the old row ends, a new row starts', () => {
    const draft = copy();
    const surcharge = draft.parameters['higher_rates.surcharge']!;
    surcharge.values.at(-1)!.to = '2027-04-05';
    surcharge.values.push({ from: '2027-04-06', to: null, value: 0.06, source: 'S23' });
    const sentences = describeParameterChanges(sdlt, draft).map((c) => c.sentence);
    const name = surcharge.description;
    expect(sentences).toEqual([
      `${name} from 31 October 2024: now ends on 5 April 2027 (was open-ended)`,
      `${name}: new value 6% from 6 April 2027 (source: “${sdlt.sources.S23!.title}”)`,
    ]);
  });

  it('shows money, months, bands and removals in their units', () => {
    const draft = copy();
    draft.parameters['higher_rates.min_consideration']!.values[0]!.value = 50000;
    draft.parameters['overpayment_relief.window']!.values[0]!.value = 36;
    const res = draft.parameters['res.bands']!;
    const firstBands = res.values[0]!.value as { upTo: number | null; rate: number }[];
    firstBands[0]!.upTo = 150000;
    const removedRow = draft.parameters['mdr.min_rate']!.values.pop()!;
    const changes = describeParameterChanges(sdlt, draft);
    const sentences = changes.map((c) => c.sentence);
    expect(sentences).toContain(
      `${draft.parameters['higher_rates.min_consideration']!.description} from 1 April 2016: £40,000 → £50,000`,
    );
    expect(sentences).toContain(
      `${draft.parameters['overpayment_relief.window']!.description} from 1 April 2011: 48 months → 36 months`,
    );
    expect(
      sentences.find((s) => s.startsWith(`${res.description} from 4 December 2014: 0% up to £125,000;`)),
    ).toMatch(/→ 0% up to £150,000;/);
    expect(sentences).toContain(
      `${draft.parameters['mdr.min_rate']!.description}: value 1% from ${longDate(removedRow.from)} removed`,
    );
    expect(changes.find((c) => c.sentence.includes('removed'))?.kind).toBe('removed');
  });

  it('names new and removed parameters and sources', () => {
    const draft = copy();
    delete draft.parameters['six_dwellings.min_count'];
    draft.parameters['new.rate'] = {
      description: 'A new rate',
      unit: 'rate',
      values: [{ from: '2027-04-06', to: null, value: 0.1, source: 'S99' }],
    };
    draft.sources.S99 = { title: 'Finance Act 2027', url: 'https://www.legislation.gov.uk/' };
    const sentences = describeParameterChanges(sdlt, draft).map((c) => c.sentence);
    expect(sentences).toContain('New parameter: A new rate (1 dated values)');
    expect(sentences).toContain(
      `Parameter removed: ${sdlt.parameters['six_dwellings.min_count']!.description}`,
    );
    expect(sentences).toContain('New source: “Finance Act 2027” (https://www.legislation.gov.uk/)');
  });

  it('names the tests of the set that were added, changed or removed', () => {
    const test = {
      name: 'A £300,000 home in May 2027 pays £5,000',
      definition: 'sdlt_refund',
      answers: { purchasePriceSDR: 300000 },
      asOf: '2027-06-01',
      expect: { 'facts.sdltTaxDue': 5000 },
    };
    const one = copy();
    one.tests = [test];
    expect(describeParameterChanges(sdlt, one).map((c) => c.sentence)).toEqual([
      'New test: “A £300,000 home in May 2027 pays £5,000”',
    ]);
    const changed = structuredClone(one);
    changed.tests![0]!.expect = { 'facts.sdltTaxDue': 5001 };
    expect(describeParameterChanges(one, changed).map((c) => c.sentence)).toEqual([
      'Test “A £300,000 home in May 2027 pays £5,000” changed',
    ]);
    expect(describeParameterChanges(one, sdlt).map((c) => c.sentence)).toEqual([
      'Test removed: “A £300,000 home in May 2027 pays £5,000”',
    ]);
  });

  it('formats values by unit', () => {
    expect(showParameterValue('rate', 0.0125)).toBe('1.25%');
    expect(showParameterValue('GBP', 625000)).toBe('£625,000');
    expect(showParameterValue('months', 1)).toBe('1 month');
    expect(showParameterValue('text', 'abolished')).toBe('“abolished”');
    expect(
      showParameterValue('bands', [
        { upTo: 250000, rate: 0 },
        { upTo: null, rate: 0.05 },
      ]),
    ).toBe('0% up to £250,000; 5% above');
    expect(longDate('2026-04-06')).toBe('6 April 2026');
  });
});
