// Issue 31: five pages as a screen reader reads them, from Playwright's ARIA snapshot of the whole
// page: headings in order, every control named, the results' figures read with their labels (each
// inside the region its card's heading names), and save and submit outcomes announced by live regions. The checks themselves (aria-outline.ts) are shown to
// fail on a removed heading level or control name in aria-outline.test.ts.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { uniqueEmail } from './harness';
import {
  assessmentIdFromUrl,
  completeQuestionnaire,
  loadPublished,
  openAssessment,
  sdltMixedUseAnswers,
} from './assessment-helpers';
import { login, registerClient, useServerAndBrowser } from './flows';
import { ariaProblems, headingOutline } from './aria-outline';

const session = useServerAndBrowser();
const PASSWORD = 'Aria-e2e-Passphrase-2026';

async function read(page: Page): Promise<string> {
  return page.locator('body').ariaSnapshot();
}

/**
 * Each of the results' headline figures is read inside a region named by its card's heading
 * ("Eligibility", the value's own label, "Complexity"): a screen reader lands on the region and
 * hears the name, then the figure.
 */
async function expectFiguresReadWithLabels(page: Page): Promise<void> {
  const figures = [
    ['likelihood', 'likelihood'],
    ['value', 'value'],
    ['complexity', 'complexity-level'],
  ] as const;
  let read = 0;
  for (const [card, testId] of figures) {
    const section = page.getByTestId(`card-${card}`);
    if ((await section.count()) === 0) continue;
    const name = (await section.getByRole('heading', { level: 2 }).innerText()).trim();
    const figure = (await section.getByTestId(testId).first().innerText()).trim();
    expect(name.length, `${card}: a heading names the card`).toBeGreaterThan(0);
    const region = await page.getByRole('region', { name, exact: true }).first().ariaSnapshot();
    expect(region, `${card}: the figure is read inside the region "${name}"`).toContain(figure);
    read += 1;
  }
  expect(read).toBeGreaterThanOrEqual(2);
}

describe('the accessibility tree', () => {
  it('home page and a service page', async () => {
    const page = await session.fresh();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).waitFor();
    const home = await read(page);
    expect(ariaProblems(home)).toEqual([]);
    expect(headingOutline(home)[0]).toMatch(/^h1 /);

    await page.goto('/services/sdlt-refunds');
    await page.getByRole('heading', { level: 1, name: 'SDLT Refunds' }).waitFor();
    const service = await read(page);
    expect(ariaProblems(service)).toEqual([]);
    expect(headingOutline(service)[0]).toBe('h1 SDLT Refunds');
    expect(service).toContain('link "Check your eligibility');
  });

  it('a questionnaire step and the results page', async () => {
    const page = await session.fresh();
    await openAssessment(page, 'sdlt_refund');
    await page.getByRole('button', { name: 'Next', exact: true }).waitFor();
    const step = await read(page);
    expect(ariaProblems(step)).toEqual([]);
    // The question's answers are named controls (radios, a textbox, …) inside the form.
    expect(step).toMatch(/- (radio|textbox|combobox|checkbox|spinbutton) "[^"]+"/);

    await completeQuestionnaire(page, loadPublished('sdlt_refund'), sdltMixedUseAnswers);
    const id = assessmentIdFromUrl(page.url());
    await page.goto(`/assessment/${id}/results`);
    const results = page.getByTestId('results-view');
    await results.waitFor({ timeout: 20_000 });
    const tree = await read(page);
    expect(ariaProblems(tree)).toEqual([]);
    expect(tree).toMatch(/£[\d,]+/);
    await expectFiguresReadWithLabels(page);
  });

  it('the client dashboard, and a save announced by a live region', async () => {
    const email = uniqueEmail('aria');
    expect((await registerClient(session.server, email, PASSWORD, 'Aria Client')).status).toBe(201);
    const page = await session.fresh();
    await login(page, email, PASSWORD);
    await page.waitForURL(/\/portal\//, { timeout: 20_000 });
    await page.goto('/portal/client-dashboard');
    await page.getByRole('heading', { level: 1 }).waitFor();
    expect(ariaProblems(await read(page))).toEqual([]);

    await page.goto('/portal/settings');
    await page.getByRole('button', { name: 'Save preferences' }).click();
    // Announced: the outcome is inside a live region (role alert or status).
    const live = page.locator('[role="alert"], [role="status"], [aria-live]').filter({
      hasText: 'Notification preferences saved.',
    });
    await page.getByText('Notification preferences saved.').first().waitFor({ timeout: 15_000 });
    // The live region itself can have no box of its own (its toasts are positioned fixed).
    expect(await live.count()).toBeGreaterThan(0);
  });

  it('a submit’s outcome, failed then succeeded, announced by live regions', async () => {
    const email = uniqueEmail('aria-submit');
    expect((await registerClient(session.server, email, PASSWORD, 'Aria Submitter')).status).toBe(201);
    const page = await session.fresh();
    await login(page, email, PASSWORD);
    await page.waitForURL(/\/portal\//, { timeout: 20_000 });
    await openAssessment(page, 'sdlt_refund');
    await completeQuestionnaire(page, loadPublished('sdlt_refund'), sdltMixedUseAnswers);
    const announced = (text: string) =>
      page.locator('[role="alert"], [role="status"], [aria-live]').filter({ hasText: text });

    // The server fails once (a real answer from the browser's side: an HTTP 500).
    await page.route('**/api/assessment/submit/', (route) =>
      route.fulfill({ status: 500, contentType: 'application/json', body: '{"statusCode":500}' }),
    );
    await page.getByRole('button', { name: 'Submit Assessment' }).click();
    await page
      .getByText('Failed to submit your assessment. Please try again.')
      .first()
      .waitFor({ timeout: 15_000 });
    expect(await announced('Failed to submit your assessment. Please try again.').count()).toBeGreaterThan(0);
    await page.unroute('**/api/assessment/submit/');

    await page.getByRole('button', { name: 'Submit Assessment' }).click();
    await page.waitForURL(/\/portal\/applications\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    await page.getByText('Assessment submitted successfully').first().waitFor({ timeout: 15_000 });
    expect(await announced('Assessment submitted successfully').count()).toBeGreaterThan(0);
  });
});
