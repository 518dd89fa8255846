// Issue 29 §1–2, in Chromium against the real server: an adviser adds a new SDLT band period from
// 1 April 2027 without meeting any error text in field ids (the period in force ends the day
// before on its own), and fills the new band table four ways (Playwright's fill(), typing, a
// paste from the clipboard, and a script that sets the element's value and sends an input event,
// which React's onChange alone misses). What is saved is what the fields show.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import type { LoadedDefinition } from '@reclaim/engine';
import { giveAnswer, loadPublished } from './assessment-helpers';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  launchBrowser,
  newPage,
  screenshot,
  startServer,
  type TestServer,
} from './harness';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Band {
  upTo: number | null;
  rate: number;
}
interface ParameterSetPayload {
  draft: {
    parameter_set: {
      parameters: Record<string, { values: { from: string; to: string | null; value: Band[] }[] }>;
    };
  } | null;
}

/** Answers the studio's Try questionnaire page by page and presses "See results". */
async function answerTry(page: Page, definition: LoadedDefinition, answers: Record<string, unknown>) {
  const survey = page.getByTestId('try-survey');
  for (let guard = 0; guard < 40; guard++) {
    const shown = await survey
      .locator('[data-name]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-name') ?? ''));
    for (const id of shown)
      if (answers[id] !== undefined) await giveAnswer(page, definition, id, answers[id]);
    const done = survey.getByRole('button', { name: 'See results' });
    if (await done.isVisible()) {
      await done.click();
      return;
    }
    await survey.getByRole('button', { name: 'Next', exact: true }).click();
    await expect
      .poll(() =>
        survey
          .locator('[data-name]')
          .evaluateAll((els) => els.map((e) => e.getAttribute('data-name')).join()),
      )
      .not.toBe(shown.join());
  }
  throw new Error('the Try questionnaire did not reach its results');
}

/** The number a cell shows ("£150,000" → 150000, "" → null). */
const shownNumber = (text: string) => {
  const bare = text.replace(/[£,\s]/g, '');
  return bare === '' ? null : Number(bare);
};

describe('studio: dated parameters a non-coder can change', () => {
  it('adds an SDLT band period from 1 April 2027; fill, typing, paste and a script are saved as shown', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: server.baseUrl });
    await page.goto('/login');
    await page.getByLabel('Email').fill(ADMIN_EMAIL);
    await page.locator('input[type="password"]').fill(ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(/\/portal\//, { timeout: 20_000 });
    await page.goto('/portal/definitions/sdlt_refund');
    await page.getByRole('tab', { name: 'Dated parameters' }).click({ timeout: 20_000 });
    const label = 'Residential rates of SDLT, band by band';
    await page.getByRole('navigation', { name: 'Parameters' }).getByRole('button', { name: label }).click();
    const values = page.getByRole('table', { name: `Values of ${label}` });
    await values.waitFor();
    const rowsBefore = await values.locator(':scope > tbody > tr').count();

    // The new period: the day it starts, nothing else. The period in force ends the day before.
    const add = page.getByRole('form', { name: `Add a period to ${label}` });
    await add.getByLabel('New period starts on').fill('2027-04-01');
    await add.getByRole('button', { name: 'Add period' }).click();
    await expect
      .poll(() => page.getByTestId('period-added').innerText())
      .toContain(`now ends on 31 March 2027`);
    const row = rowsBefore + 1;
    const from = page.getByLabel(`${label} row ${row} from`, { exact: true });
    expect(await from.inputValue()).toBe('2027-04-01');
    expect(await page.getByLabel(`${label} row ${rowsBefore} to`, { exact: true }).inputValue()).toBe(
      '2027-03-31',
    );
    // The period table scrolls inside its card: the page itself never scrolls sideways.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth),
    ).toBeLessThanOrEqual(0);
    // Dates read as the site writes them.
    expect(await values.innerText()).toContain('1 April 2027');
    expect(await values.innerText()).toContain('31 March 2027');

    const cell = (band: number, what: 'up to (£)' | 'rate (%)') =>
      page.getByLabel(`${label} row ${row} band ${band} ${what}`, { exact: true });
    // fill()
    await cell(1, 'up to (£)').fill('150,000');
    // typing
    await cell(2, 'up to (£)').fill('');
    await cell(2, 'up to (£)').pressSequentially('250000');
    // paste from the clipboard
    await page.evaluate(() => navigator.clipboard.writeText('£925,000'));
    await cell(3, 'up to (£)').click();
    await cell(3, 'up to (£)').press('ControlOrMeta+A');
    await cell(3, 'up to (£)').press('ControlOrMeta+V');
    await expect.poll(() => cell(3, 'up to (£)').inputValue()).toBe('£925,000');
    // a script setting the element's value (React's value tracker then sees no change)
    await cell(4, 'up to (£)').evaluate((el: HTMLInputElement) => {
      el.value = '1,500,000';
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await cell(5, 'rate (%)').evaluate((el: HTMLInputElement) => {
      el.value = '12.5';
      el.dispatchEvent(new Event('change', { bubbles: true }));
    });

    // No error text anywhere, and none in field ids.
    const checks = await page.getByTestId('checks').innerText();
    expect(checks).not.toMatch(/problems? to fix/);
    const main = await page.locator('main').innerText();
    expect(main).not.toMatch(/res\.bands|\bvalues · |overlaps/);

    const shown: Band[] = [];
    for (let band = 1; band <= 5; band += 1) {
      shown.push({
        upTo: shownNumber(await cell(band, 'up to (£)').inputValue()),
        rate: Number(
          ((shownNumber(await cell(band, 'rate (%)').inputValue()) ?? Number.NaN) / 100).toFixed(8),
        ),
      });
    }
    expect(shown.map((b) => b.upTo)).toEqual([150000, 250000, 925000, 1500000, null]);

    // The plain-English diff reads what the fields show…
    const diff = page.getByRole('region', { name: 'What changes against the parameters in force' });
    await expect.poll(() => diff.innerText()).toContain('£150,000');
    expect(await diff.innerText()).toContain('12.5%');
    await page.getByRole('button', { name: 'Save parameter draft' }).click();
    await expect
      .poll(() => page.getByTestId('parameter-state-sdlt').innerText(), { timeout: 15_000 })
      .toContain('Parameter draft being edited');
    await screenshot(page, 'studio-parameters-new-period');

    // …and so does what was saved.
    const login = await fetch(`${server.baseUrl}/auth/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ username: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
    });
    const { access } = (await login.json()) as { access: string };
    const stored = (await (
      await fetch(`${server.baseUrl}/api/parameter-sets/sdlt/`, {
        headers: { Authorization: `Bearer ${access}` },
      })
    ).json()) as ParameterSetPayload;
    const saved = stored.draft!.parameter_set.parameters['res.bands']!.values;
    expect(saved).toHaveLength(row);
    expect(saved[rowsBefore - 1]!.to).toBe('2027-03-31');
    expect(saved[row - 1]!.from).toBe('2027-04-01');
    expect(saved[row - 1]!.to).toBeNull();
    expect(saved[row - 1]!.value).toEqual(shown);

    // The release gate (issue 29 §4): no test reads the new period yet (the published tests are
    // dated before it), so the saved draft is not ready for review.
    const coverage = page.getByTestId('parameter-coverage-sdlt');
    await expect.poll(() => coverage.innerText(), { timeout: 15_000 }).toContain('Not ready for review');
    expect(await coverage.innerText()).toContain(
      `“${label} from 1 April 2027”: not read by any passing test`,
    );
    // Its source (GOV.UK's rates page) cites no law: the adviser gives the legal reference.
    await page
      .getByLabel(`${label} row ${row} legal reference`, { exact: true })
      .fill('FA 2003 s55 as amended');

    // Try: a £300,000 home bought on 1 May 2027, assessed on 1 June 2027 (dates after today are
    // accepted up to the assessment date chosen), saved as a test of the parameters.
    await page.getByRole('tab', { name: 'Try' }).click();
    await page.getByLabel('Assessment date').fill('2027-06-01');
    await answerTry(page, loadPublished('sdlt_refund'), {
      propertyNationSDR: 'england',
      propertyTypeSDR: 'Residential',
      purchaseDateSDR: '2027-05-01',
      purchasePriceSDR: 300000,
      sdltPaidSDR: 5000,
      firstTimeBuyerSDR: false,
      multipleDwellingsSDR: false,
      additionalPropertySDR: false,
      nonUkResidentSDR: false,
      propertyUninhabitableSDR: false,
      hasAnnexeSDR: false,
      partialBusinessUseSDR: false,
      linkedTransactionsSDR: false,
      multipleOwnersSDR: false,
    });
    await page
      .getByRole('button', { name: /^Save this run as a test of the parameters “/ })
      .click({ timeout: 20_000 });
    await expect
      .poll(() => page.getByRole('status').filter({ hasText: 'Saved as a test' }).innerText())
      .toContain('Press “Save parameter draft” on the Dated parameters tab to keep it.');
    await page.getByRole('tab', { name: 'Dated parameters' }).click();
    const tests = page.getByRole('region', { name: /^Tests of these parameters/ });
    await expect.poll(() => tests.innerText()).toContain('on 1 June 2027');
    await page.getByRole('button', { name: 'Save parameter draft' }).click();
    await expect
      .poll(() => coverage.innerText(), { timeout: 20_000 })
      .toContain('Every changed value of the saved draft is read by a passing test.');
    expect(await coverage.innerText()).toMatch(/from 1 April 2027”: read by 1 passing test/);
    await screenshot(page, 'studio-parameters-gate-covered');

    // Covered and sourced: the draft goes to review.
    await page.getByLabel('Release note (what changes and why)').fill('Residential bands from 1 April 2027');
    await page
      .getByLabel('Source link (https://…)')
      .fill('https://www.gov.uk/government/publications/rates-and-allowances-stamp-duty-land-tax');
    await page.getByRole('button', { name: 'Submit parameters for review' }).click();
    await expect
      .poll(() => page.getByTestId('parameter-state-sdlt').innerText(), { timeout: 15_000 })
      .toContain('submitted for review');
    await context.close();
  }, 180_000);
});
