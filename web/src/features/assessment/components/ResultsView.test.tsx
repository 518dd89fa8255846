// Results rendered from the definition alone: a new result field renders with no web change,
// each format and place, one story per page (one likelihood, one value, no value or documents
// when Unlikely), a fixed complexity's reason, v1 fallbacks, and the client/adviser "why".
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { evaluateAssessment, type ResultFormat } from '@reclaim/engine';
import { formatField } from '../lib/present-results';
import { changedDefinition, definitionFile } from '../testing/definitions';
import { clientProblems } from '../testing/client-text';
import { ResultsView } from './ResultsView';

const asOf = '2026-11-23';
// SDLT paid not given: the spec's estimate from the price, a range (with the tax paid the
// value is the exact overpayment; see the SDLT tests below)
const sdltAnswers = {
  propertyTypeSDR: 'Mixed-Use',
  purchaseDateSDR: '2026-05-21',
  purchasePriceSDR: 600000,
};

async function show(
  definition: Parameters<typeof evaluateAssessment>[0]['definition'],
  answers: object,
  staff = false,
) {
  const evaluation = await evaluateAssessment({ definition, answers: { ...answers }, asOf });
  const view = render(
    <ResultsView evaluation={evaluation} resultFields={evaluation.resultFields} staff={staff} />,
  );
  return { evaluation, view };
}

describe('formats', () => {
  it.each<[ResultFormat, unknown, string]>([
    ['money', 4387.5, '£4,387.50'],
    ['money', 12345, '£12,345'],
    ['percent', 12.345, '12.3%'],
    ['scoreOutOf10', 6.5, '6.5 / 10'],
    ['yesNo', true, 'Yes'],
    ['yesNo', false, 'No'],
    ['likelihood', 'Possible', 'Possible'],
    ['date', '2023-05-10', '10 May 2023'],
    ['number', 1234.567, '1,234.57'],
    ['text', 'Merged R&D scheme', 'Merged R&D scheme'],
  ])('%s: %j → %s', (format, value, text) => {
    const content = formatField(format, value);
    expect(content && 'text' in content ? content.text : null).toBe(text);
  });

  it('score out of 10 carries its band; lists and paragraphs keep their items', () => {
    expect(formatField('scoreOutOf10', 7.1)).toEqual({ kind: 'score', text: '7.1 / 10', band: 'High' });
    expect(formatField('scoreOutOf10', 3)).toMatchObject({ band: 'Low' });
    expect(formatField('list', ['A', 'B'])).toEqual({ kind: 'list', items: ['A', 'B'] });
    expect(formatField('list', [])).toBeNull();
    expect(formatField('paragraphs', 'One\n\nTwo')).toEqual({ kind: 'paragraphs', text: 'One\n\nTwo' });
    expect(formatField('money', undefined)).toBeNull();
    expect(formatField('yesNo', 'maybe')).toBeNull();
  });
});

describe('result fields from the definition', () => {
  it('a NEW result field (label, format, place) renders in its card with no web change', async () => {
    const definition = changedDefinition('sdlt_refund/v2.json', (d) => {
      d.resultFields = {
        ...d.resultFields,
        brand_new_figure: {
          from: 'facts.purchaseValue',
          label: 'Price you paid',
          format: 'money',
          place: 'value',
        },
        brand_new_date: {
          from: 'facts.purchaseDate',
          label: 'Completion date',
          format: 'date',
          place: 'eligibility',
        },
      };
    });
    await show(definition, sdltAnswers);
    const value = within(screen.getByTestId('card-value'));
    expect(value.getByTestId('result-field-brand_new_figure')).toHaveTextContent('Price you paid£600,000');
    const eligibility = within(screen.getByTestId('card-likelihood'));
    expect(eligibility.getByTestId('result-field-brand_new_date')).toHaveTextContent(
      'Completion date21 May 2026',
    );
  });

  it('a field placed as a notice comes first on the page, above the likelihood, even when Unlikely', async () => {
    const definition = changedDefinition('sdlt_refund/v2.json', (d) => {
      d.resultFields = {
        ...d.resultFields,
        deadline_passed: {
          from: 'facts.overpaymentReliefDeadline',
          label: 'The deadline to claim has passed',
          format: 'date',
          place: 'notice',
          when: { fact: 'overpaymentReliefDeadline', operator: 'dateBefore', value: { fact: 'asOf' } },
        },
      };
    });
    // bought 22 November 2022: the 4-year limit ended on 22 November 2026, before the assessment
    await show(definition, { ...sdltAnswers, purchaseDateSDR: '2022-11-22' });
    const notice = screen.getByTestId('notice');
    expect(notice).toHaveTextContent('The deadline to claim has passed22 November 2026');
    expect(screen.getByRole('heading', { name: 'The deadline to claim has passed' })).toBeInTheDocument();
    const page = screen.getByTestId('results-view');
    expect(page.firstElementChild).toBe(notice);
    expect(screen.getByTestId('likelihood')).toHaveTextContent('Unlikely');
  });

  it('a notice whose `when` does not hold is not shown', async () => {
    const definition = changedDefinition('sdlt_refund/v2.json', (d) => {
      d.resultFields = {
        ...d.resultFields,
        deadline_passed: {
          from: 'facts.overpaymentReliefDeadline',
          label: 'The deadline to claim has passed',
          format: 'date',
          place: 'notice',
          when: { fact: 'overpaymentReliefDeadline', operator: 'dateBefore', value: { fact: 'asOf' } },
        },
      };
    });
    await show(definition, sdltAnswers);
    expect(screen.queryByTestId('notice')).toBeNull();
  });

  it('each place puts the field in its card, in declaration order; hidden and `when`-false fields are not shown', async () => {
    const definition = changedDefinition('sdlt_refund/v2.json', (d) => {
      d.resultFields = {
        in_eligibility: {
          from: 'eligibility.likelihood',
          label: 'Status',
          format: 'likelihood',
          place: 'eligibility',
        },
        in_value: { from: 'facts.purchaseValue', label: 'Price', format: 'money', place: 'value' },
        in_complexity: {
          from: 'complexity.complexityScore',
          scale: 0.1,
          decimals: 1,
          label: 'Complexity score',
          format: 'scoreOutOf10',
          place: 'complexity',
        },
        in_approach: {
          from: 'complexity.serviceApproach',
          label: 'Approach word',
          format: 'text',
          place: 'approach',
        },
        second_detail: { from: 'facts.purchaseDate', label: 'Second', format: 'date', place: 'details' },
        first_detail: { from: 'facts.purchaseValue', label: 'First', format: 'number', place: 'details' },
        not_shown: { from: 'facts.purchaseValue', label: 'Never', format: 'money', place: 'hidden' },
        only_when: {
          from: 'facts.purchaseValue',
          label: 'Only for big purchases',
          format: 'money',
          when: { all: [{ fact: 'purchaseValue', operator: 'greaterThan', value: 5000000 }] },
        },
      };
    });
    await show(definition, sdltAnswers);
    const card = (id: string) => within(screen.getByTestId(`card-${id}`));
    expect(card('likelihood').getByTestId('result-field-in_eligibility')).toBeInTheDocument();
    expect(card('value').getByTestId('result-field-in_value')).toHaveTextContent('£600,000');
    expect(card('complexity').getByTestId('result-field-in_complexity')).toHaveTextContent(/\d(\.\d)? \/ 10/);
    expect(card('approach').getByTestId('result-field-in_approach')).toBeInTheDocument();
    const details = screen.getByTestId('result-fields');
    expect([...details.querySelectorAll('dt')].map((dt) => dt.textContent)).toEqual(['Second', 'First']);
    expect(screen.queryByText('Never')).toBeNull();
    expect(screen.queryByText('Only for big purchases')).toBeNull();
  });

  it('a v1 definition without presentation shows readable generic rows, never a raw key or undefined', async () => {
    const cgt = definitionFile('cgt_assessment/v1.json').load();
    const { view } = await show(cgt, {
      assetTypeCGT: 'uk_listed_shares',
      disposalDateCGT: '2026-06-01',
      disposalProceedsCGT: 50000,
      acquisitionDateCGT: '2020-01-01',
      acquisitionCostCGT: 20000,
      incomeTaxBandCGT: 'higher',
    });
    const details = screen.getByTestId('result-fields');
    const labels = [...details.querySelectorAll('dt')].map((dt) => dt.textContent ?? '');
    expect(labels.length).toBeGreaterThan(0);
    for (const label of labels) expect(label).not.toMatch(/_|undefined/);
    expect(view.container.textContent).not.toMatch(/undefined|cgt_/);
  });
});

describe('one story per results page', () => {
  it('Unlikely: no value, no documents, and what would change it', async () => {
    const definition = changedDefinition('sdlt_refund/v2.json', (d) => {
      d.eligibility.overrides = [
        {
          id: 'knock-out',
          description: 'Every answer is a knock-out here',
          likelihood: 'Unlikely',
          conditions: { all: [{ fact: 'purchaseValue', operator: 'greaterThan', value: 0 }] },
          reason: 'A purchase of {{purchaseValue|currency}} cannot qualify',
          whatWouldChange: 'A purchase that qualifies',
        },
      ];
    });
    await show(definition, sdltAnswers);
    expect(screen.getByTestId('likelihood')).toHaveTextContent('Unlikely');
    expect(screen.queryByTestId('card-value')).toBeNull();
    expect(screen.queryByTestId('card-documents')).toBeNull();
    expect(screen.getByTestId('what-would-change')).toHaveTextContent('A purchase that qualifies');
    expect(screen.getByTestId('reasons')).toHaveTextContent('A purchase of £600,000 cannot qualify');
    expect(screen.getByTestId('client-why')).not.toHaveTextContent(/points/);
  });

  it('an exact value is one number; a range is one range; the label and note are the definition’s', async () => {
    const exact = changedDefinition('sdlt_refund/v2.json', (d) => {
      d.value.low = d.value.median;
      d.value.high = d.value.median;
      d.value.label = 'Tax you could reclaim';
      d.value.note = 'Worked out on a price of {{purchaseValue|currency}}';
    });
    const { evaluation } = await show(exact, sdltAnswers);
    const value = within(screen.getByTestId('card-value'));
    expect(value.getByRole('heading', { level: 2 })).toHaveTextContent('Tax you could reclaim');
    expect(value.getByTestId('value').textContent).toMatch(/^£[\d,]+$/);
    expect(value.getByTestId('value-note')).toHaveTextContent('Worked out on a price of £600,000');
    expect(evaluation.value.estimates.low).toBe(evaluation.value.estimates.high);
  });

  it('a range shows low to high, once; the page shows one confidence', async () => {
    await show(definitionFile('sdlt_refund/v2.json').load(), sdltAnswers);
    expect(screen.getByTestId('value').textContent).toMatch(/^£[\d,]+ to £[\d,]+$/);
    expect(screen.getAllByTestId('confidence')).toHaveLength(1);
    expect(screen.getByTestId('card-likelihood')).not.toHaveTextContent(/confidence/i);
  });

  it('a fixed complexity gives its reason instead of “no flags”', async () => {
    const definition = changedDefinition('patent_box/v2.json', (d) => {
      if ('fixed' in d.complexity) d.complexity.fixed.reason = 'Every patent box claim needs a specialist';
    });
    await show(definition, {
      hasPatents: true,
      patentJurisdiction: 'UK',
      patentIncome: 200000,
      involvedInDevelopment: true,
    });
    expect(screen.getByTestId('complexity-reason')).toHaveTextContent(
      'Every patent box claim needs a specialist',
    );
    expect(screen.queryByText('No complexity flags were raised.')).toBeNull();
  });
});

describe('SDLT worked out from the tax paid (issue 8)', () => {
  const base = {
    purchaseDateSDR: '2026-05-21',
    firstTimeBuyerSDR: false,
    multipleDwellingsSDR: false,
    additionalPropertySDR: false,
    nonUkResidentSDR: false,
    propertyUninhabitableSDR: false,
    hasAnnexeSDR: false,
    partialBusinessUseSDR: false,
    linkedTransactionsSDR: false,
    multipleOwnersSDR: false,
  };
  it('£300,000 mixed-use with £5,000 paid: one figure, £500, in every card and sentence', async () => {
    await show(definitionFile('sdlt_refund/v2.json').load(), {
      ...base,
      propertyTypeSDR: 'Mixed-Use',
      partialBusinessUseSDR: true,
      purchasePriceSDR: 300000,
      sdltPaidSDR: 5000,
    });
    expect(screen.getByTestId('likelihood')).toHaveTextContent('Likely');
    expect(screen.getByTestId('value')).toHaveTextContent(/^£500$/);
    const value = within(screen.getByTestId('card-value'));
    expect(value.getByTestId('result-field-sdlt_tax_due_estimate')).toHaveTextContent('£4,500');
    expect(value.getByTestId('result-field-sdlt_overpaid_estimate')).toHaveTextContent('£500');
    expect(screen.getByTestId('card-details')).toHaveTextContent(
      'You paid £5,000. On non-residential and mixed-use rates the tax would be £4,500. The difference, £500, may be reclaimable.',
    );
    expect(screen.getByTestId('card-details')).toHaveTextContent(
      /amend your SDLT return until 21 May 2027, 179 days/,
    );
    expect(screen.getByTestId('reasons')).toHaveTextContent('£500 more than due');
  });

  it('a first-time buyer who paid full rates is Likely, with the relief’s figure', async () => {
    await show(definitionFile('sdlt_refund/v2.json').load(), {
      ...base,
      purchaseDateSDR: '2026-03-02',
      propertyTypeSDR: 'Residential',
      firstTimeBuyerSDR: true,
      purchasePriceSDR: 400000,
      sdltPaidSDR: 10000,
    });
    expect(screen.getByTestId('likelihood')).toHaveTextContent('Likely');
    expect(screen.getByTestId('value')).toHaveTextContent(/^£5,000$/);
    expect(screen.getByTestId('card-details')).toHaveTextContent(
      "You paid £10,000. On first-time buyers' relief rates the tax would be £5,000. The difference, £5,000, may be reclaimable.",
    );
  });

  it('paid what was due: Unlikely, no value or documents, and what would change it', async () => {
    await show(definitionFile('sdlt_refund/v2.json').load(), {
      ...base,
      propertyTypeSDR: 'Mixed-Use',
      purchasePriceSDR: 300000,
      sdltPaidSDR: 4500,
    });
    expect(screen.getByTestId('likelihood')).toHaveTextContent('Unlikely');
    expect(screen.queryByTestId('card-value')).toBeNull();
    expect(screen.queryByTestId('card-documents')).toBeNull();
    expect(screen.getByTestId('what-would-change')).toHaveTextContent(
      'A refund needs SDLT paid above £4,500',
    );
    expect(screen.getByTestId('card-details')).toHaveTextContent('On these figures nothing was overpaid.');
  });
});

describe('why this result', () => {
  it('clients read filled sentences without points; staff open the full trace with "Adviser detail"', async () => {
    const definition = changedDefinition('sdlt_refund/v2.json', (d) => {
      const rule =
        'rules' in d.eligibility
          ? d.eligibility.rules.find((r) => r.factor === 'purchaseDate' || /date/i.test(r.factor))
          : undefined;
      if (rule) rule.reason = 'You bought on {{purchaseDate|date}}, a recent purchase';
    });
    const { view } = await show(definition, sdltAnswers);
    const why = screen.getByTestId('client-why');
    // issue 28: plain reasons, the points are adviser detail
    expect(why).toHaveTextContent('You bought on 21 May 2026, a recent purchase');
    expect(why).not.toHaveTextContent(/\d+ points?/);
    // sources as a person cites them, never a file name or "(3P)"
    expect(why).not.toHaveTextContent(/\.yaml|\(3P\)|PolicyEngine/);
    // the working: only figures that changed the answer
    expect(why).not.toHaveTextContent(/: £0(\s|$)/);
    expect(screen.queryByRole('button', { name: 'Adviser detail' })).toBeNull();
    view.unmount();

    await show(definition, sdltAnswers, true);
    const toggle = screen.getByRole('button', { name: 'Adviser detail' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByTestId('adviser-detail')).toBeNull();
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const detail = screen.getByTestId('adviser-detail');
    expect(detail).toHaveTextContent('purchaseDate = 2026-05-21');
    expect(detail).toHaveTextContent(/Score \d+%/);
  });
});

describe('client texts of every definition (fact ids, unformatted numbers, undefined)', () => {
  // One check for every definition's own test answers: what a client reads must be plain English.
  // A definition whose texts still show engine words fails here with the texts to fix.
  const cases = [
    'sdlt_refund/v2.json',
    'sdlt_refund/v3.json',
    'sdlt_refund/v4.json',
    'rd_tax_credits/v2.json',
    'rd_tax_credits/v4.json',
    'cgt_assessment/v2.json',
    'cgt_assessment/v4.json',
    'cgt_assessment/v5.json',
    'patent_box/v2.json',
    'patent_box/v3.json',
    'capital_allowances/v2.json',
    'capital_allowances/v3.json',
    'business_rates_appeals/v2.json',
    'business_rates_appeals/v3.json',
    'generic/v1.json',
    'generic/v2.json',
    'inheritance_tax/v1.json',
    'inheritance_tax/v2.json',
    'inheritance_tax/v3.json',
    'eis_relief/v1.json',
    'eis_relief/v2.json',
    'eis_relief/v3.json',
  ];
  // Texts still to fix in their definitions (by the definition's owners). The list only shrinks:
  // a problem not listed fails, and so does a listed one that no longer occurs.
  const KNOWN: Record<string, RegExp[]> = {};
  it.each(cases)(
    '%s',
    async (file) => {
      const def = definitionFile(file);
      const definition = def.load();
      const problems: string[] = [];
      for (const test of def.json.tests) {
        if (!test.answers) continue;
        const { view } = await show(definition, test.answers);
        // one confidence scale: the value card's word, never a percentage beside it
        const percent = /confidence (?:of |level )?\d+%/i.exec(view.container.textContent ?? '');
        if (percent) problems.push(`${test.name}: a second confidence scale "${percent[0]}"`);
        for (const p of clientProblems(view.container, def.json))
          problems.push(`${test.name}: ${p.problem} in "${p.text.slice(0, 160)}"`);
        view.unmount();
      }
      const known = KNOWN[file] ?? [];
      expect(problems.filter((p) => !known.some((re) => re.test(p)))).toEqual([]);
      for (const re of known)
        expect(
          problems.some((p) => re.test(p)),
          `fixed: remove ${String(re)}`,
        ).toBe(true);
    },
    60_000,
  ); // renders every test's answers (SDLT v2 carries about fifty)

  it('the scan reads what is rendered (a fact id in a reason is caught)', async () => {
    const file = 'sdlt_refund/v2.json';
    const definition = changedDefinition(file, (d) => {
      if ('rules' in d.eligibility)
        for (const rule of d.eligibility.rules)
          rule.reason = `${rule.reason} (purchaseValue = {{purchaseValue}})`;
    });
    const test = definitionFile(file).json.tests.find((t) => t.answers);
    const { view } = await show(definition, test?.answers ?? sdltAnswers);
    const found = clientProblems(view.container, definitionFile(file).json).map((p) => p.problem);
    expect(found).toContain('identifier "purchaseValue"');
    expect(found.some((p) => p.startsWith('number without separators') || p.startsWith('assignment'))).toBe(
      true,
    );
  });
});
