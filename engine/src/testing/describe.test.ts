import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AssessmentDefinition } from '../types';
import { clientTextProblems, definitionFactNames } from './client-text';
import { describeExpectation, describeTestCase } from './describe';

// A definition of a made-up service: the words come from it, not from the engine.
const definition = {
  questionnaire: {
    questions: [
      {
        id: 'kindQ',
        question: 'What did you buy?',
        type: 'radio',
        options: [
          { value: 'shop', label: 'A shop with a flat above' },
          { value: 'house', label: 'A house' },
        ],
      },
      { id: 'priceQ', question: 'What was the price?', type: 'currency' },
      { id: 'paidQ', question: 'How much tax did you pay?', type: 'currency' },
      {
        id: 'ownerQ',
        question: 'Do you own another home?',
        type: 'radio',
        options: [
          { value: true, label: 'Yes' },
          { value: false, label: 'No' },
        ],
      },
    ],
  },
  inputs: [],
  calculations: [{ id: 'taxDue', description: 'Tax due, each band rounded down', expr: 0, unit: 'GBP' }],
  eligibility: {
    overrides: [{ id: 'paid_too_little', description: 'The tax paid is not above the tax due' }],
  },
  value: { valueType: 'refund' },
  resultFields: {
    deadline: { from: 'facts.deadline', label: 'Last day to claim', format: 'date' },
    refund_copy: { from: 'value.estimates.median' },
  },
} as unknown as AssessmentDefinition;

describe('embedded tests in plain English', () => {
  it('reads the answers with the question texts and option labels and the expectations in words', () => {
    const described = describeTestCase(definition, {
      name: 'Shop',
      asOf: '2026-11-21',
      answers: { kindQ: 'shop', priceQ: 600000, paidQ: 50000, ownerQ: false },
      expect: {
        'eligibility.likelihood': 'Likely',
        'value.estimates.median': 30500,
        'complexity.serviceApproach': 'No-Win No-Fee',
      },
    });
    expect(described.sentence).toBe(
      'What did you buy? A shop with a flat above; What was the price? £600,000; How much tax did you pay? £50,000; on 21 November 2026 → Likely, refund £30,500, approach No-Win No-Fee',
    );
    expect(described.answers.at(-1)).toEqual({
      question: 'Do you own another home?',
      answer: 'No',
      no: true,
    });
  });

  it('never shows a result path or a raw number', () => {
    const cases: [string, unknown, string][] = [
      ['eligibility.score', 85, 'eligibility score 85 out of 100'],
      ['facts.taxDue', 19500, 'Tax due: £19,500'],
      [
        'eligibility.override.id',
        'paid_too_little',
        'decided by the rule “The tax paid is not above the tax due”',
      ],
      ['resultFields.deadline', '2027-03-31', 'Last day to claim: 31 March 2027'],
      ['resultFields.refund_copy', 24000, 'refund £24,000'],
      ['recommendation.documentRequirements.length', 0, 'no document requirements'],
    ];
    for (const [path, value, text] of cases) {
      const said = describeExpectation(definition, path, value);
      expect(said).toBe(text);
      expect(clientTextProblems([said], { factNames: definitionFactNames(definition) })).toEqual([]);
    }
  });

  it('describes every embedded test of the definitions on disk without an engine word', () => {
    const dir = join(__dirname, '../../../definitions/assessments/sdlt_refund');
    const sdlt = JSON.parse(readFileSync(join(dir, 'v3.json'), 'utf8')) as AssessmentDefinition;
    for (const test of sdlt.tests) {
      const { sentence } = describeTestCase(sdlt, test);
      expect(sentence).not.toMatch(/\b(eligibility|complexity|value|facts|inputs)\.[a-z]/);
      expect(sentence).not.toMatch(/ = /);
    }
  });
});
