// A visitor answers and presses Submit, is told to sign in or sign up, does so, and the submission
// completes without a second press (exactly one claim, a reload adds none); the claim is in the
// portal and the admin pipeline.
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { formatDate } from '@reclaim/engine';
import { ADMIN_EMAIL, ADMIN_PASSWORD, screenshot, uniqueEmail } from './harness';
import {
  assessmentIdFromUrl,
  completeQuestionnaire,
  expected,
  figuresOf,
  loadPublished,
  openAssessment,
  readResults,
  sdltMixedUseAnswers as sdltAnswers,
} from './assessment-helpers';
import { login, registerClient, submitLogin, submitSignUp, useServerAndBrowser } from './flows';

const e2e = useServerAndBrowser();
const { fresh } = e2e;

const PASSWORD = 'Correct-Horse-Battery-77';

async function guestSubmitGoesToLogin(page: Page): Promise<string> {
  const definition = loadPublished('sdlt_refund');
  await openAssessment(page, 'sdlt_refund');
  await completeQuestionnaire(page, definition, sdltAnswers);
  const id = assessmentIdFromUrl(page.url());
  await page.getByRole('button', { name: 'Submit Assessment' }).click();
  await page.waitForURL((u) => u.pathname === '/login', { timeout: 15_000 });
  await expect
    .poll(() => page.locator('main').innerText())
    .toContain('Sign in or create an account to submit your assessment. Your answers are kept');
  return id;
}

/** After sign-in or sign-up the guest's answers are submitted with no second press. */
async function landsOnApplication(page: Page): Promise<string> {
  await page.waitForURL(/\/portal\/applications\/[0-9a-f-]{36}$/, { timeout: 20_000 });
  await expect
    .poll(() => page.locator('body').innerText(), { timeout: 15_000 })
    .toContain('Assessment submitted successfully');
  return new URL(page.url()).pathname.split('/').at(-1) ?? '';
}

/** The signed-in client's access token, as the web app keeps it. */
function accessToken(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    for (const store of [localStorage, sessionStorage]) {
      for (const key of Object.keys(store)) {
        const value = store.getItem(key) ?? '';
        if (/access/i.test(key) && value.split('.').length === 3) return value;
        try {
          const parsed = JSON.parse(value) as { access?: string };
          if (typeof parsed.access === 'string') return parsed.access;
        } catch {
          // not JSON
        }
      }
    }
    return null;
  });
}

/** The ids of the claims the page's signed-in client has, through the API. */
async function clientClaims(page: Page): Promise<string[]> {
  const token = await accessToken(page);
  expect(token).not.toBeNull();
  const res = await fetch(`${e2e.server.baseUrl}/api/claims`, {
    headers: { Authorization: `Bearer ${token ?? ''}` },
  });
  expect(res.status).toBe(200);
  const body = (await res.json()) as { results: { id: string }[] };
  return body.results.map((c) => c.id);
}

describe('guest → account → submitted claim', () => {
  it('sign-up keeps the answers; submit creates the claim; it is in the portal and the admin pipeline', async () => {
    const page = await fresh();
    const email = uniqueEmail('assess');
    const id = await guestSubmitGoesToLogin(page);
    await screenshot(page, 'assessment-guest-submit-login');

    await page.getByRole('link', { name: 'Create an account' }).click();
    await page.waitForURL((u) => u.pathname === '/signup');
    // The reason is still on screen after switching to sign-up.
    expect(await page.locator('main').innerText()).toContain('Sign in or create an account to submit');
    await submitSignUp(page, email, PASSWORD, 'Assessment Client');

    const claimId = await landsOnApplication(page);
    expect(await page.evaluate(() => localStorage.getItem('reclaim.assessment.service'))).toBeNull();
    // Exactly one claim for this client, for this assessment; a reload creates no second one.
    expect(await clientClaims(page)).toEqual([claimId]);
    await page.reload();
    await expect.poll(() => page.locator('main').innerText(), { timeout: 15_000 }).toMatch(/RC-\d{4}-\d{6}/);
    expect(new URL(page.url()).pathname).toBe(`/portal/applications/${claimId}`);
    expect(await clientClaims(page)).toEqual([claimId]);
    await screenshot(page, 'assessment-submitted-application');
    await expect.poll(() => page.locator('main').innerText(), { timeout: 15_000 }).toMatch(/RC-\d{4}-\d{6}/);
    const reference = /RC-\d{4}-\d{6}/.exec(await page.locator('main').innerText())?.[0];
    expect(reference).toMatch(/^RC-\d{4}-\d{6}$/);

    // The client's applications list has it.
    await page.goto('/portal/applications');
    await expect.poll(() => page.locator('main').innerText(), { timeout: 15_000 }).toContain(reference ?? '');

    // The results page now shows the server's stored results: no in-progress banner, engine figures.
    await page.goto(`/assessment/${id}/results`);
    const want = await expected(loadPublished('sdlt_refund'), sdltAnswers);
    expect(await readResults(page)).toEqual(figuresOf(want));
    expect(await page.getByTestId('in-progress-banner').count()).toBe(0);

    // The portal view of the assessment: submitted, so read-only, with the way to its results.
    await page.goto(`/portal/assessments/${id}`);
    await page.getByTestId('review-step').waitFor({ timeout: 20_000 });
    expect(await page.getByRole('button', { name: 'Submit Assessment' }).count()).toBe(0);
    await page.getByRole('link', { name: 'View results' }).click();
    await page.waitForURL((u) => u.pathname === `/assessment/${id}/results`);

    // Document tasks: upload one, the server marks it completed.
    await page.getByText('Your document checklist').waitFor();
    const dir = mkdtempSync(join(tmpdir(), 'reclaim-upload-'));
    const file = join(dir, 'deed.txt');
    writeFileSync(file, 'Title deed (test)\n');
    const firstTask = page.locator('[data-task]').first();
    await firstTask.locator('input[type="file"]').setInputFiles(file);
    await firstTask.getByRole('button', { name: 'Upload' }).click();
    await expect.poll(() => firstTask.getByTestId('task-completed').count(), { timeout: 15_000 }).toBe(1);
    await screenshot(page, 'assessment-results-submitted-desktop');

    // Browser print: one page.
    await page.emulateMedia({ media: 'print' });
    const pdf = await page.pdf({ format: 'A4', printBackground: true, preferCSSPageSize: true });
    const pages = (pdf.toString('latin1').match(/\/Type\s*\/Page[^s]/g) ?? []).length;
    expect(pages).toBe(1);
    await page.emulateMedia({ media: 'screen' });

    // The admin pipeline lists the claim.
    const admin = await fresh();
    await login(admin, ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.waitForURL(/\/portal\//, { timeout: 20_000 });
    await admin.goto('/portal/applications');
    await expect
      .poll(() => admin.locator('main').innerText(), { timeout: 15_000 })
      .toContain(reference ?? '');
    expect(await admin.locator('main').innerText()).toContain(email);
    await admin.goto(`/portal/applications/${claimId}`);
    await expect
      .poll(() => admin.locator('main').innerText(), { timeout: 15_000 })
      .toContain(reference ?? '');

    // Staff open the client's submitted results: the same cards and figures, and the adviser detail.
    await admin.goto(`/assessment/${id}/results`);
    expect(await readResults(admin)).toEqual(figuresOf(want));
    const toggle = admin.getByRole('button', { name: 'Adviser detail' });
    expect(await toggle.getAttribute('aria-expanded')).toBe('false');
    await toggle.click();
    const detail = admin.getByTestId('adviser-detail');
    await detail.waitFor({ timeout: 10_000 });
    const text = await detail.innerText();
    expect(text).toContain(`${want.trace.definition.id} version ${want.trace.definition.version}`);
    expect(text).toContain(`Score ${want.eligibility.score}%`);
    for (const p of want.trace.parameters) expect(text).toContain(p.name);
    await screenshot(admin, 'assessment-results-adviser-detail');
  });

  it('logging in (existing account) keeps the answers too', async () => {
    const email = uniqueEmail('assess-login');
    const res = await registerClient(e2e.server, email, PASSWORD, 'Returning Client');
    expect(res.status).toBe(201);
    const page = await fresh();
    const id = await guestSubmitGoesToLogin(page);
    await submitLogin(page, email, PASSWORD);
    const claimId = await landsOnApplication(page);
    expect(await clientClaims(page)).toEqual([claimId]);
    // The answers went with it: the assessment is the one the guest filled in, now submitted.
    await page.goto(`/portal/assessments/${id}`);
    await page.getByTestId('review-step').waitFor({ timeout: 20_000 });
    const review = await page.getByTestId('review-step').innerText();
    expect(review).toContain('Mixed-Use');
    expect(review).toContain('£600,000');
    expect(review).toContain(formatDate(sdltAnswers.purchaseDateSDR));
  });

  it('a logged-in client’s answers are saved to the server as they go', async () => {
    const email = uniqueEmail('assess-save');
    await registerClient(e2e.server, email, PASSWORD, 'Saving Client');
    const page = await fresh();
    await login(page, email, PASSWORD);
    await page.waitForURL(/\/portal\//, { timeout: 20_000 });
    const definition = loadPublished('patent_box');
    await openAssessment(page, 'patent_box');
    const id = assessmentIdFromUrl(page.url());
    await page.locator('[data-name="hasPatents"]').getByText('No', { exact: true }).click();
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.locator('[data-name="patentIncome"] input').fill('42000');
    await expect
      .poll(() => page.getByTestId('save-state').innerText(), { timeout: 10_000 })
      .toBe('All changes saved');
    const token = await page.evaluate(() => {
      for (const store of [localStorage, sessionStorage]) {
        for (const key of Object.keys(store)) {
          const value = store.getItem(key) ?? '';
          if (/access/i.test(key) && value.split('.').length === 3) return value;
          try {
            const parsed = JSON.parse(value) as { access?: string };
            if (typeof parsed.access === 'string') return parsed.access;
          } catch {
            // not JSON
          }
        }
      }
      return null;
    });
    expect(token).not.toBeNull();
    const saved = (await (
      await fetch(`${e2e.server.baseUrl}/api/assessment/${id}/`, {
        headers: { Authorization: `Bearer ${token}` },
      })
    ).json()) as {
      answers: Record<string, unknown>;
    };
    expect(saved.answers).toEqual({ hasPatents: false, patentIncome: 42000 });
    // The by-id route (login required) opens the same assessment where it was left.
    await openAssessment(page, id);
    expect(await page.locator('.reclaim-survey').getAttribute('data-question')).toBe('involvedInDevelopment');
    expect(definition.id).toBe('patent_box');
  });
});
