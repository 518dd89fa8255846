import { describe, expect, it } from 'vitest';
import { computeInputs } from './compute-inputs';
import { deepFreeze } from '../../definitions/loaded-definition';
import type { InputSpec, TraceRule } from '../../types';
import { loadDefinition } from '../../definitions/load-definition';
import { DefinitionError } from '../../definitions/definition-error';
import { evaluateAssessment } from '../evaluate-assessment';
import { miniDefinition, miniParameters } from '../__fixtures__/mini-definition';

const specs = (): InputSpec[] => [
  { name: 'bought', kind: 'answer', from: 'q_bought' },
  { name: 'deadline', kind: 'addMonths', from: 'bought', months: 12 },
  {
    name: 'deadlineText',
    description: 'The claim deadline in words',
    kind: 'text',
    cases: [
      {
        when: { fact: 'deadline', operator: 'dateBefore', value: { fact: 'asOf' } },
        text: 'The deadline passed on {{deadline|date}}.',
      },
      {
        when: { fact: 'deadline', operator: 'dateOnOrAfter', value: { fact: 'asOf' } },
        text: 'Claim by {{deadline|date}} (paid {{paid|money}}).',
      },
    ],
    default: 'No deadline can be worked out without the date.',
  },
  {
    name: 'noDefault',
    kind: 'text',
    cases: [
      { when: { fact: 'bought', operator: 'isAnswered', value: true }, text: 'Bought {{bought|date}}' },
    ],
  },
];

function run(inputs: InputSpec[], answers: Record<string, unknown>) {
  const trace: TraceRule[] = [];
  const values = computeInputs({ definition: { inputs }, answers, asOf: '2025-06-01', trace });
  return { values, trace };
}

describe('the text input kind', () => {
  it('fills the first case that holds, on both sides of the exact deadline day', () => {
    // bought 2024-06-01: the deadline 2025-06-01 is the assessment day itself, still open
    expect(run(specs(), { q_bought: '2024-06-01', paid: 1234.5 }).values.deadlineText).toBe(
      'Claim by 1 June 2025 (paid £1,234.50).',
    );
    // a day earlier: the deadline was yesterday
    expect(run(specs(), { q_bought: '2024-05-31' }).values.deadlineText).toBe(
      'The deadline passed on 31 May 2025.',
    );
  });

  it('gives the default when no case holds, and nothing without a default', () => {
    const { values } = run(specs(), {});
    expect(values.deadlineText).toBe('No deadline can be worked out without the date.');
    expect(values).not.toHaveProperty('noDefault');
  });

  it('traces each case with the facts it read, and frozen specs (compiled once) give the same', () => {
    const frozen = deepFreeze(specs());
    const a = { q_bought: '2024-05-31' };
    expect(run(frozen, a)).toEqual(run(specs(), a));
    const cases = run(specs(), a).trace.filter((t) => t.id.startsWith('deadlineText#'));
    expect(cases).toEqual([
      {
        stage: 'inputs',
        id: 'deadlineText#1',
        description: 'The claim deadline in words',
        matched: true,
        facts: { deadline: '2025-05-31', asOf: '2025-06-01' },
        counted: true,
      },
    ]);
  });
});

describe('a text input at load and in a result field placed as a notice', () => {
  const withNotice = (text: string) => {
    const copy = structuredClone(miniDefinition);
    copy.inputs.push(
      { name: 'claimBy', kind: 'addMonths', from: 'purchaseDate', months: 12 },
      {
        name: 'lateNotice',
        kind: 'text',
        cases: [{ when: { fact: 'claimBy', operator: 'dateBefore', value: { fact: 'asOf' } }, text }],
      },
    );
    copy.resultFields = {
      ...copy.resultFields,
      late_notice: {
        from: 'facts.lateNotice',
        label: 'Deadline passed',
        format: 'text',
        place: 'notice',
        when: { fact: 'lateNotice', operator: 'isAnswered', value: true },
      },
    };
    return copy;
  };

  it('refuses a template reading a fact that is not an answer or an earlier input', () => {
    let issues: string[] = [];
    try {
      loadDefinition(withNotice('Passed on {{laterInput|date}}'), { parameterSets: [miniParameters] });
    } catch (err) {
      if (!(err instanceof DefinitionError)) throw err;
      issues = err.issues.map((i) => `${i.path}: ${i.message}`);
    }
    expect(issues).toContain(
      `/inputs/${miniDefinition.inputs.length + 1}/cases/0/text: template reads unknown fact "laterInput"`,
    );
  });

  it('shows the sentence at the top only when the deadline passed', async () => {
    const definition = loadDefinition(withNotice('The last day to claim was {{claimBy|date}}.'), {
      parameterSets: [miniParameters],
    });
    const late = await evaluateAssessment({
      definition,
      answers: { propertyType: 'Mixed-Use', purchaseDateQ: '2024-05-31', priceQ: 600000 },
      asOf: '2025-06-01',
    });
    expect(late.resultFields.late_notice).toBe('The last day to claim was 31 May 2025.');
    expect(late.resultFieldViews?.find((v) => v.name === 'late_notice')?.place).toBe('notice');
    const inTime = await evaluateAssessment({
      definition,
      answers: { propertyType: 'Mixed-Use', purchaseDateQ: '2024-06-01', priceQ: 600000 },
      asOf: '2025-06-01',
    });
    expect(inTime.resultFieldViews?.find((v) => v.name === 'late_notice')?.place).toBe('hidden');
  });
});
