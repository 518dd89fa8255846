// Calculator inputs given to the evaluate CLI are checked against the question each one comes from.
import { describe, expect, it } from 'vitest';
import { loadAllDefinitions } from './load-all-definitions';
import { checkInputs } from './validate-cli-input';

const all = loadAllDefinitions();
const definition = (id: string) => {
  const found = all.definitions.find((d) => d.definition.id === id)?.definition;
  if (!found) throw new Error(`no definition ${id}`);
  return found;
};

describe('checkInputs', () => {
  it.each([
    ['sdlt_refund', { purchaseDate: '2024-13-45' }, 'purchaseDate'],
    ['sdlt_refund', { purchaseDate: 20240101 }, 'purchaseDate'],
    ['sdlt_refund', { hasAnnexe: 'yes' }, 'hasAnnexe'],
    ['sdlt_refund', { purchaseValue: -1 }, 'purchaseValue'],
    ['business_rates_appeals', { occupationStatus: 2 }, 'occupationStatus'],
    ['rd_tax_credits', { rdActivities: ['time_travel'] }, 'rdActivities'],
    ['patent_box', { hasPatents: 'Yes' }, 'hasPatents'],
    ['cgt_assessment', { shareholdingPercent: 101 }, 'shareholdingPercent'],
  ])('%s refuses %j, naming the field', (id, inputs, field) => {
    const problems = checkInputs(definition(id), inputs);
    expect(problems.map((p) => p.field)).toEqual([field]);
  });

  it.each([
    [
      'sdlt_refund',
      { purchaseDate: '2024-02-29', hasAnnexe: true, purchaseValue: 250000, propertyType: 'mixed-use' },
    ],
    [
      'business_rates_appeals',
      { occupationStatus: 'vacant', lastChallenged: 'over3years', useChanged: false },
    ],
    ['rd_tax_credits', { rdActivities: ['software_development'], companySize: 'notsure', rdExpenditure: 0 }],
    ['patent_box', { patentJurisdiction: 'epo', hasPatents: true, patentIncome: 100000 }],
    // the spec's calculator value, not one of the questionnaire's options
    [
      'capital_allowances',
      { propertyType: 'residential-single', purchaseDate: '2020-01-31', previousClaimed: false },
    ],
  ])('%s accepts %j', (id, inputs) => {
    expect(checkInputs(definition(id), inputs)).toEqual([]);
  });
});
