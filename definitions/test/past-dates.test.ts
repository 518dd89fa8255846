// Dates about the past (issue 8, "Dates people type"): in the version in force of every service,
// a date question asking when something happened carries `notAfter: "asOf"`, so the questionnaire
// and the API refuse a future date; and every embedded test's answers pass the same check on its date.
import { describe, expect, it } from 'vitest';
import { loadDefinition, validateAnswer, type LoadedDefinition } from '@reclaim/engine';
import { readDefinitionsFromDisk } from '@reclaim/definitions';
import { asOf } from './helpers';

const disk = readDefinitionsFromDisk();
const parameterSets = Object.values(disk.parameterSets);
const latest = new Map<string, LoadedDefinition>();
for (const { json } of disk.assessments) {
  const def = loadDefinition(json, { parameterSets });
  const seen = latest.get(def.id);
  if (!seen || seen.version < def.version) latest.set(def.id, def);
}

describe('date questions about the past', () => {
  it('carry notAfter in the version in force of every service', () => {
    const dates = [...latest.values()].flatMap((def) =>
      def.questionnaire.questions
        .filter((q) => q.type === 'date')
        .map((q) => `${def.id}.${q.id}${q.notAfter === 'asOf' ? ' (not after today)' : ''}`),
    );
    expect(dates.sort()).toEqual([
      'business_rates_appeals.challengeDecisionDateBR (not after today)',
      'business_rates_appeals.checkDecisionDateBR (not after today)',
      'capital_allowances.purchaseDateCA (not after today)',
      'cgt_assessment.acquisitionDateCGT (not after today)',
      'cgt_assessment.businessCeasedDateCGT (not after today)',
      'cgt_assessment.completionDateCGT (not after today)',
      'cgt_assessment.disposalDateCGT (not after today)',
      // The spec's template, not a service assessment: its published version stays as it is.
      'default_template.purchase_date',
      'eis_relief.gainDateEIS (not after today)',
      'inheritance_tax.deathDateIHT (not after today)',
      'inheritance_tax.ihtPaidDateIHT (not after today)',
      'inheritance_tax.lateSpouseDeathDateIHT (not after today)',
      // the end of an accounting period (Patent Box election, R&D claim) may be still to come
      'patent_box.periodEndPB',
      'rd_tax_credits.periodEndRDC',
      'sdlt_refund.previousHomeSaleDateSDR (not after today)',
      'sdlt_refund.purchaseDateSDR (not after today)',
    ]);
  });

  it('every embedded test’s date answers are accepted on its own date', () => {
    for (const def of latest.values()) {
      for (const test of def.tests) {
        const questions = new Map(def.questionnaire.questions.map((q) => [q.id, q]));
        for (const [id, value] of Object.entries(test.answers ?? {})) {
          const question = questions.get(id);
          if (question?.type !== 'date') continue;
          const problem = validateAnswer(question, value, { asOf: test.asOf ?? asOf });
          expect({ test: `${def.id}: ${test.name}`, id, problem }).toEqual({
            test: `${def.id}: ${test.name}`,
            id,
            problem: null,
          });
        }
      }
    }
  });
});
