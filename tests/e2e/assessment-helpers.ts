// Helpers of the assessment end-to-end tests: answer a questionnaire rendered by SurveyJS the way a
// user does (click the option's label, type into the field, press Next), and the figures the engine
// gives for the same answers (the same function the CLI `scripts/evaluate.ts` calls).
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import {
  evaluateAssessment,
  formatMoney,
  loadDefinition,
  todayIso,
  type AssessmentDefinition,
  type AssessmentEvaluation,
  type LoadedDefinition,
} from '@reclaim/engine';
import { repoRoot } from './harness';

const definitionsDir = join(repoRoot, 'definitions');

/** The version the app uses today: the newest published one in force (D9). */
export function loadPublished(id: string): LoadedDefinition {
  const dir = join(definitionsDir, 'assessments', id);
  const today = todayIso();
  const json = readdirSync(dir)
    .filter((f) => /^v\d+\.json$/.test(f))
    .map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')) as AssessmentDefinition)
    .filter((d) => d.status === 'published' && d.effectiveFrom <= today)
    .sort((a, b) => b.version - a.version)[0];
  if (!json) throw new Error(`no published version of ${id}`);
  const parameterSets = readdirSync(join(definitionsDir, 'parameters'))
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(definitionsDir, 'parameters', f), 'utf8')) as unknown);
  return loadDefinition(json, { parameterSets });
}

/** What the engine (CLI) gives for these answers today. */
export function expected(
  definition: LoadedDefinition,
  answers: Record<string, unknown>,
): Promise<AssessmentEvaluation> {
  return evaluateAssessment({ definition, answers, asOf: todayIso() });
}

/** An ISO date `months` calendar months before today (UTC). */
export function monthsAgo(months: number): string {
  const d = new Date();
  d.setUTCDate(1);
  d.setUTCMonth(d.getUTCMonth() - months);
  const today = new Date().getUTCDate();
  const last = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 0)).getUTCDate();
  d.setUTCDate(Math.min(today, last));
  return d.toISOString().slice(0, 10);
}

/**
 * SDLT answers that score Likely: a mixed-use purchase six months ago for £600,000, part business
 * use, £24,000 paid where £19,500 is due on non-residential rates (£4,500 overpaid).
 */
export const sdltMixedUseAnswers = {
  propertyNationSDR: 'england',
  propertyTypeSDR: 'Mixed-Use',
  purchaseDateSDR: monthsAgo(6),
  purchasePriceSDR: 600000,
  sdltPaidSDR: 24000,
  firstTimeBuyerSDR: false,
  multipleDwellingsSDR: false,
  additionalPropertySDR: false,
  nonUkResidentSDR: false,
  propertyUninhabitableSDR: false,
  hasAnnexeSDR: false,
  partialBusinessUseSDR: true,
  linkedTransactionsSDR: false,
  multipleOwnersSDR: false,
};

/**
 * Opens /assessment/<serviceOrId> and waits for the questionnaire itself (SurveyJS), past the light
 * first step a new guest assessment shows while it loads (issue 31), whose record has no id yet.
 */
export async function openAssessment(page: Page, serviceOrId: string): Promise<void> {
  await page.goto(`/assessment/${serviceOrId}`);
  await page.locator('.reclaim-survey:not(.reclaim-survey-light)').waitFor({ timeout: 20_000 });
}

/** Pounds as the results page writes them: whole pounds when exact, else with pence. */
export function gbp(value: number): string {
  const pence = Math.round(value * 100) % 100 !== 0;
  return value.toLocaleString('en-GB', {
    style: 'currency',
    currency: 'GBP',
    minimumFractionDigits: pence ? 2 : 0,
    maximumFractionDigits: pence ? 2 : 0,
  });
}

export async function currentQuestion(page: Page): Promise<string | null> {
  if (await page.getByTestId('review-step').isVisible()) return null;
  return page.locator('.reclaim-survey').getAttribute('data-question');
}

/** Gives one answer in the SurveyJS question on screen. */
export async function giveAnswer(
  page: Page,
  definition: LoadedDefinition,
  id: string,
  value: unknown,
): Promise<void> {
  const question = definition.questionnaire.questions.find((q) => q.id === id);
  if (!question) throw new Error(`${id} is not a question of ${definition.id}`);
  const box = page.locator(`[data-name="${id}"]`);
  const labelOf = (v: unknown) => {
    const option = question.options?.find((o) => o.value === v);
    if (!option) throw new Error(`${String(v)} is not an option of ${id}`);
    return option.label;
  };
  switch (question.type) {
    case 'radio':
    case 'select':
      await box.getByText(labelOf(value), { exact: true }).click();
      return;
    case 'checkbox':
      for (const v of value as unknown[]) await box.getByText(labelOf(v), { exact: true }).click();
      return;
    case 'date': {
      // GOV.UK's Day / Month / Year fields: an ISO date ("2025-06-12") is typed as people do
      // (12, 6, 2025); { day, month, year } types exactly those texts ("Jun", "31", "").
      const iso = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
      if (typeof value === 'string' && !iso) throw new Error(`${value} is not an ISO date for ${id}`);
      const { day, month, year } = iso
        ? { day: String(Number(iso[3])), month: String(Number(iso[2])), year: iso[1] ?? '' }
        : (value as { day: string; month: string; year: string });
      await box.getByLabel('Day', { exact: true }).fill(day);
      await box.getByLabel('Month', { exact: true }).fill(month);
      await box.getByLabel('Year', { exact: true }).fill(year);
      return;
    }
    case 'text':
    case 'number':
    case 'currency':
      await box.locator('input, textarea').first().fill(String(value));
      return;
    case 'table': {
      // typed into the table editor as a person does: "Add a row", then each cell by its label
      // ("Row 2, Value after exemptions (£)"); blank cells left blank (CSV imports: see
      // assessment-trades.test.ts). Rows beyond the editor's first page of 20 are not reached.
      const rows = value as Record<string, unknown>[];
      if (rows.length > 20) throw new Error(`${id}: at most 20 rows are typed`);
      const table = page.getByTestId('table-question');
      for (const [r, row] of rows.entries()) {
        await table.getByRole('button', { name: question.addRowText ?? 'Add a row', exact: true }).click();
        for (const column of question.columns ?? []) {
          const cell = row[column.id];
          if (cell === undefined || cell === null || cell === '') continue;
          const text = typeof cell === 'string' ? cell : JSON.stringify(cell);
          const field = page.getByLabel(`Row ${r + 1}, ${column.label}`, { exact: true });
          if (column.type === 'select') await field.selectOption(text);
          else if (column.type === 'checkbox') throw new Error(`${id}: checkbox cells are not typed here`);
          else await field.fill(text);
        }
      }
      return;
    }
  }
}

/**
 * Answers every visible question in order (optional ones left blank when not given) and stops on
 * the review step. Next must be disabled on each required question until it is answered.
 */
export async function completeQuestionnaire(
  page: Page,
  definition: LoadedDefinition,
  answers: Record<string, unknown>,
): Promise<string[]> {
  const asked: string[] = [];
  const next = page.getByRole('button', { name: 'Next', exact: true });
  for (let guard = 0; guard < 60; guard++) {
    await page.locator('.reclaim-survey:visible, [data-testid="review-step"]').first().waitFor();
    const id = await currentQuestion(page);
    if (id === null) return asked;
    asked.push(id);
    const question = definition.questionnaire.questions.find((q) => q.id === id);
    const value = answers[id];
    if (question?.optional !== true)
      expect(await next.isDisabled(), `Next disabled before answering ${id}`).toBe(true);
    if (value !== undefined) await giveAnswer(page, definition, id, value);
    await next.click();
    await expect.poll(() => currentQuestion(page), { timeout: 10_000 }).not.toBe(id);
  }
  throw new Error('the questionnaire did not reach the review step');
}

/** The figures a results page shows, as text. */
export async function readResults(page: Page): Promise<Record<string, string>> {
  const scope = page.getByTestId('results-view');
  await scope.waitFor({ timeout: 20_000 });
  const read = async (testId: string) => ((await scope.getByTestId(testId).first().innerText()) ?? '').trim();
  return {
    likelihood: await read('likelihood'),
    summary: await read('summary'),
    // an Unlikely result has no claim to weigh: no complexity card (issue 28)
    complexityLevel:
      (await scope.getByTestId('complexity-level').count()) > 0 ? await read('complexity-level') : '',
    value: (await scope.getByTestId('value').count()) > 0 ? await read('value') : '',
    approach: await read('service-approach'),
  };
}

/** An estimate as the results page writes it: whole pounds, pence only under £100. */
export function estimate(value: number): string {
  return formatMoney(Math.abs(value) >= 100 ? Math.round(value) : value);
}

export function figuresOf(e: AssessmentEvaluation): Record<string, string> {
  const { low, median, high } = e.value.estimates;
  return {
    likelihood: e.eligibility.likelihood,
    summary: e.recommendation.summary,
    complexityLevel: e.eligibility.likelihood === 'Unlikely' ? '' : e.complexity.complexityLevel,
    // one value: none when Unlikely, one figure when exact, else one range
    value:
      e.eligibility.likelihood === 'Unlikely'
        ? ''
        : low === median && median === high
          ? estimate(median)
          : `${estimate(low)} to ${estimate(high)}`,
    approach: e.complexity.serviceApproach,
  };
}

export function assessmentIdFromUrl(url: string): string {
  const id = new URL(url).pathname.split('/').at(-1) ?? '';
  expect(id).toMatch(/^[0-9a-f-]{36}$/);
  return id;
}
