// Step logic by question (GOV.UK smart-answers style): given these answers, which step is shown,
// is Next enabled, what does the review list, what is kept.
import { describe, expect, it } from 'vitest';
import { answerCombinations, visibleQuestions, type AssessmentDefinition } from '@reclaim/engine';
import sdltJson from '../../../../../definitions/assessments/sdlt_refund/v1.json';
import patentJson from '../../../../../definitions/assessments/patent_box/v1.json';
import rdJson from '../../../../../definitions/assessments/rd_tax_credits/v1.json';
import cgtJson from '../../../../../definitions/assessments/cgt_assessment/v1.json';
import {
  answersToSave,
  canGoNext,
  clampStep,
  progressOf,
  questionAnswers,
  reviewItems,
  startStep,
  stepsFor,
} from './steps';

const sdlt = sdltJson as unknown as AssessmentDefinition;
const patent = patentJson as unknown as AssessmentDefinition;
const rd = rdJson as unknown as AssessmentDefinition;
const cgt = cgtJson as unknown as AssessmentDefinition;

const ids = (d: AssessmentDefinition, answers: Record<string, unknown>) =>
  stepsFor(d, answers).map((s) => (s.kind === 'review' ? 'review' : s.question.id));

const sdltAll = {
  propertyTypeSDR: 'Mixed-Use',
  purchaseDateSDR: '2026-05-21',
  purchasePriceSDR: 600000,
  sdltPaidSDR: 19500,
  firstTimeBuyerSDR: false,
  multipleDwellingsSDR: false,
  propertyUninhabitableSDR: false,
  hasAnnexeSDR: false,
  partialBusinessUseSDR: true,
  linkedTransactionsSDR: false,
  multipleOwnersSDR: false,
};

describe('start step', () => {
  it('is the first question when nothing is answered', () => {
    expect(startStep(sdlt, {})).toBe(0);
  });
  it('is the first visible unanswered question', () => {
    expect(startStep(sdlt, { propertyTypeSDR: 'Residential', purchaseDateSDR: '2026-01-02' })).toBe(2);
    // A blank answer counts as unanswered.
    expect(startStep(sdlt, { propertyTypeSDR: 'Residential', purchaseDateSDR: '' })).toBe(1);
  });
  it('skips hidden questions: patent box without patents starts at income', () => {
    expect(ids(patent, { hasPatents: false })).toEqual([
      'hasPatents',
      'patentIncome',
      'involvedInDevelopment',
      'isGroupMember',
      'review',
    ]);
    expect(startStep(patent, { hasPatents: false })).toBe(1);
  });
  it('is the review step when every visible question is answered', () => {
    const steps = stepsFor(sdlt, { ...sdltAll, reasonForRefundSDR: 'Rate charged wrongly' });
    expect(startStep(sdlt, { ...sdltAll, reasonForRefundSDR: 'Rate charged wrongly' })).toBe(
      steps.length - 1,
    );
    expect(steps.at(-1)).toEqual({ kind: 'review' });
  });
  it('an optional question left blank does not hold the start back', () => {
    expect(startStep(sdlt, sdltAll)).toBe(stepsFor(sdlt, sdltAll).length - 1);
    const { multipleOwnersSDR: _skip, ...missingRequired } = sdltAll;
    expect(startStep(sdlt, missingRequired)).toBe(10);
  });
});

describe('Next', () => {
  const steps = stepsFor(sdlt, {});
  it('is disabled until the current question has an answer', () => {
    expect(canGoNext(steps[0], {})).toBe(false);
    expect(canGoNext(steps[0], { propertyTypeSDR: '' })).toBe(false);
    expect(canGoNext(steps[0], { propertyTypeSDR: 'Commercial' })).toBe(true);
  });
  it('counts false (a No answer) as an answer', () => {
    const firstTime = steps.find((s) => s.kind === 'question' && s.question.id === 'firstTimeBuyerSDR');
    expect(canGoNext(firstTime, { firstTimeBuyerSDR: false })).toBe(true);
  });
  it('is enabled on the optional question and on the review step', () => {
    const optional = steps.find((s) => s.kind === 'question' && s.question.id === 'reasonForRefundSDR');
    expect(optional?.kind === 'question' && optional.question.optional).toBe(true);
    expect(canGoNext(optional, {})).toBe(true);
    expect(canGoNext(steps.at(-1), {})).toBe(true);
  });
  it('needs a checkbox answer with at least one choice', () => {
    const activities = stepsFor(rd, {}).find(
      (s) => s.kind === 'question' && s.question.id === 'rdActivitiesRDC',
    );
    expect(canGoNext(activities, { rdActivitiesRDC: [] })).toBe(false);
    expect(canGoNext(activities, { rdActivitiesRDC: ['software_development'] })).toBe(true);
  });
});

describe('visibility follows the answers', () => {
  it('patent jurisdiction and acquisition are asked only when there are patents', () => {
    expect(ids(patent, { hasPatents: true }).slice(0, 3)).toEqual([
      'hasPatents',
      'patentJurisdiction',
      'patentAcquired',
    ]);
    expect(ids(patent, { hasPatents: false })).not.toContain('patentJurisdiction');
    expect(stepsFor(patent, { hasPatents: true })).toHaveLength(7);
    expect(stepsFor(patent, { hasPatents: false })).toHaveLength(5);
  });
  it('R&D technical uncertainty only for advancement', () => {
    expect(ids(rd, { projectGoalRDC: 'advancement' })[1]).toBe('technicalUncertaintyRDC');
    expect(ids(rd, { projectGoalRDC: 'routine' })).not.toContain('technicalUncertaintyRDC');
  });
  it('CGT shareholding questions only for trading-company shares, chained through the trading answer', () => {
    const trading = { assetTypeCGT: 'business_shares', isTradingCompanySharesCGT: true };
    expect(ids(cgt, trading)).toEqual(
      expect.arrayContaining(['shareholdingPercentageCGT', 'isEmployeeOrOfficerCGT']),
    );
    expect(ids(cgt, { ...trading, isTradingCompanySharesCGT: false })).not.toContain(
      'shareholdingPercentageCGT',
    );
    // Changing the asset type hides the trading question, and with it the questions that depend on it.
    const changed = ids(cgt, { ...trading, assetTypeCGT: 'crypto_assets' });
    expect(changed).not.toContain('isTradingCompanySharesCGT');
    expect(changed).not.toContain('shareholdingPercentageCGT');
  });
  it('progress counts the questions that may still be asked, so it never jumps back', () => {
    const at = (stepIndex: number, answers: Record<string, unknown>) =>
      progressOf(stepIndex, stepsFor(patent, answers), patent, answers);
    // Unanswered, the two patent questions may still appear: counted from the start.
    expect(at(0, {})).toEqual({ n: 1, total: 7, percent: 14 });
    // "Yes" keeps them: the total stays; "No" rules them out: the total falls, never rises.
    expect(at(0, { hasPatents: true })).toEqual({ n: 1, total: 7, percent: 14 });
    expect(at(0, { hasPatents: false })).toEqual({ n: 1, total: 5, percent: 20 });
    expect(at(1, { hasPatents: true })).toEqual({ n: 2, total: 7, percent: 29 });
    expect(at(1, { hasPatents: false })).toEqual({ n: 2, total: 5, percent: 40 });
    // The review is the last step of the visible ones.
    expect(at(4, { hasPatents: false })).toEqual({ n: 5, total: 5, percent: 100 });
  });

  it('progress rises at every step forward through a definition whose answers reveal questions', () => {
    // CGT: the answers that reveal the most conditional questions (the 1/15 → 6/17 jump of issue 11).
    const full = answerCombinations(cgt, { limit: 2000 }).reduce((best, answers) =>
      visibleQuestions(cgt, answers).length > visibleQuestions(cgt, best).length ? answers : best,
    );
    const visible = visibleQuestions(cgt, full);
    expect(visible.length).toBeGreaterThan(visibleQuestions(cgt, {}).length + 3);
    let answers: Record<string, unknown> = {};
    let last = { n: 0, total: Infinity, percent: 0 };
    visible.forEach((question, index) => {
      const progress = progressOf(index, stepsFor(cgt, answers), cgt, answers);
      expect(progress.n).toBe(index + 1);
      expect(progress.total).toBeLessThanOrEqual(last.total);
      expect(progress.percent).toBeGreaterThan(last.percent);
      last = progress;
      answers = { ...answers, [question.id]: full[question.id] };
    });
  });

  it('a saved step beyond the visible steps is clamped to the review', () => {
    const steps = stepsFor(patent, { hasPatents: false });
    expect(clampStep(9, steps)).toBe(4);
    expect(clampStep(-1, steps)).toBe(0);
  });
});

describe('hidden answers', () => {
  it('are dropped from what is saved and evaluated', () => {
    const stale = { hasPatents: false, patentJurisdiction: 'uk', patentAcquired: true, patentIncome: 50000 };
    expect(answersToSave(patent, stale)).toEqual({ hasPatents: false, patentIncome: 50000 });
  });
  it('chained stale answers are dropped too', () => {
    const stale = {
      assetTypeCGT: 'crypto_assets',
      isTradingCompanySharesCGT: true,
      shareholdingPercentageCGT: 40,
    };
    expect(answersToSave(cgt, stale)).toEqual({ assetTypeCGT: 'crypto_assets' });
  });
  it('survey data is reduced to the definition’s question ids', () => {
    expect(questionAnswers(patent, { hasPatents: true, review__hasPatents: 'Yes', other: 1 })).toEqual({
      hasPatents: true,
    });
  });
});

describe('review step', () => {
  it('lists every visible question with its answer or "Not answered", and the step that asks it', () => {
    const items = reviewItems(sdlt, {
      propertyTypeSDR: 'Mixed-Use',
      purchasePriceSDR: 600000,
      firstTimeBuyerSDR: false,
    });
    expect(items).toHaveLength(12);
    expect(items[0]).toMatchObject({ id: 'propertyTypeSDR', answer: 'Mixed-Use', answered: true, step: 0 });
    expect(items[1]).toMatchObject({
      id: 'purchaseDateSDR',
      answer: 'Not answered',
      answered: false,
      step: 1,
    });
    expect(items[2]).toMatchObject({ id: 'purchasePriceSDR', answer: '£600,000' });
    expect(items.find((i) => i.id === 'firstTimeBuyerSDR')?.answer).toBe('No');
  });
  it('leaves hidden questions out and shows checkbox labels', () => {
    const items = reviewItems(rd, {
      projectGoalRDC: 'routine',
      rdActivitiesRDC: ['software_development', 'process_improvement'],
    });
    expect(items.map((i) => i.id)).not.toContain('technicalUncertaintyRDC');
    const activities = items.find((i) => i.id === 'rdActivitiesRDC');
    const labels = rd.questionnaire.questions.find((q) => q.id === 'rdActivitiesRDC')?.options ?? [];
    const label = (v: string) => labels.find((o) => o.value === v)?.label;
    expect(activities?.answer).toBe(`${label('software_development')}, ${label('process_improvement')}`);
  });
  it('shows a number with the unit its question declares: a percentage reads "60%", a plain number has none', () => {
    const percent = { id: 'share', question: 'What percentage?', type: 'number', unit: 'percent' } as const;
    const plain = { id: 'count', question: 'How many?', type: 'number' } as const;
    const items = reviewItems({ questionnaire: { questions: [percent, plain] } }, { share: 60, count: 1500 });
    expect(items.map((i) => i.answer)).toEqual(['60%', '1,500']);
    const cgtShare = cgt.questionnaire.questions.find((q) => q.id === 'shareholdingPercentageCGT');
    expect(cgtShare?.unit).toBe('percent');
  });
});
