// Issue 30 §2: a staff member filters the workbench, selects a claim, bulk-assigns it and sees the
// statutory deadline's countdown, in Chromium against the real server and database.
import { describe, expect, it } from 'vitest';
import { sdltMixedUseAnswers } from './assessment-helpers';
import { ADMIN_EMAIL, ADMIN_PASSWORD, screenshot, uniqueEmail } from './harness';
import { login, registerClient, useServerAndBrowser } from './flows';

const e2e = useServerAndBrowser();

/** A client's submitted SDLT assessment, through the API: the claim's reference. */
async function submittedClaim(): Promise<string> {
  const base = e2e.server.baseUrl;
  const email = uniqueEmail('workbench');
  const password = 'Correct-Horse-Battery-77';
  expect((await registerClient(e2e.server, email, password, 'Wendy Workbench')).status).toBe(201);
  const signedIn = await fetch(`${base}/auth/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: email, password }),
  });
  const { access } = (await signedIn.json()) as { access: string };
  const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${access}` };
  const saved = await fetch(`${base}/api/assessment/save/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ service_type: 'sdlt_refund', answers: sdltMixedUseAnswers, current_step: 0 }),
  });
  const { id } = (await saved.json()) as { id: string };
  const submitted = await fetch(`${base}/api/assessment/submit/`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ assessment_id: id }),
  });
  expect(submitted.status).toBe(200);
  const { claim_id } = (await submitted.json()) as { claim_id: string };
  const claim = await fetch(`${base}/api/claims/${claim_id}/`, { headers });
  return ((await claim.json()) as { reference: string }).reference;
}

describe('staff workbench', () => {
  it('filter → select → bulk assign → the deadline countdown is shown', async () => {
    const reference = await submittedClaim();
    const page = await e2e.fresh();
    await login(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL(/\/portal\//, { timeout: 20_000 });
    await page.goto('/portal/claims');
    await page.getByRole('heading', { name: 'Claims workbench' }).waitFor({ timeout: 20_000 });

    // Filter: unassigned claims (nobody takes SDLT yet), then the client's reference.
    await page.getByLabel('Assignee').selectOption('unassigned');
    await page.locator('#wb-search').fill(reference);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ hasText: reference });
    await row.waitFor({ timeout: 15_000 });
    await expect.poll(() => page.getByRole('row').count(), { timeout: 15_000 }).toBe(2);
    // The countdown of the engine's deadline (4 years from a purchase 6 months ago).
    await expect
      .poll(() => row.getByTestId('deadline-countdown').innerText(), { timeout: 15_000 })
      .toMatch(/^\d+ days left$/);

    await row.getByRole('checkbox', { name: `Select ${reference}` }).check();
    const bar = page.getByRole('form', { name: 'Bulk actions' });
    await bar.getByText('1 claim selected').waitFor({ timeout: 10_000 });
    const admin = await bar.getByLabel('Assign to').locator('option').nth(1).innerText();
    await bar.getByLabel('Assign to').selectOption({ label: admin });
    await bar.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('1 claim updated').waitFor({ timeout: 15_000 });

    // Assigned: it leaves the unassigned view; under "Mine" it shows its assignee and countdown.
    await page.getByLabel('Assignee').selectOption('mine');
    const mine = page.getByRole('row').filter({ hasText: reference });
    await mine.getByText(admin).waitFor({ timeout: 15_000 });
    expect(await mine.getByTestId('deadline-countdown').innerText()).toMatch(/^\d+ days left$/);
    await screenshot(page, 'workbench-assigned');
  });

  it('staff edit a message template (a new version) and bulk-send it, filled per claim', async () => {
    const reference = await submittedClaim();
    const page = await e2e.fresh();
    await login(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL(/\/portal\//, { timeout: 20_000 });
    await page.getByRole('link', { name: 'Message Templates' }).first().click();
    await page.getByRole('heading', { name: 'Message templates' }).waitFor({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Edit Claim update' }).click();
    const editor = page.getByRole('form', { name: 'Edit Claim update' });
    await editor.getByLabel('Subject').fill('News about {{claim_reference}}');
    await expect
      .poll(() => editor.getByRole('region', { name: 'Preview' }).innerText())
      .toContain('News about [');
    await editor.getByRole('button', { name: 'Save as a new version' }).click();
    await editor
      .getByRole('heading', { name: 'Claim update: editing version 2' })
      .waitFor({ timeout: 15_000 });

    await page.goto('/portal/claims');
    await page.locator('#wb-search').fill(reference);
    await page.getByRole('button', { name: 'Search' }).click();
    const row = page.getByRole('row').filter({ hasText: reference });
    await row.getByRole('checkbox', { name: `Select ${reference}` }).check();
    const bar = page.getByRole('form', { name: 'Bulk actions' });
    await bar.getByLabel('Action').selectOption('message');
    await bar.getByLabel('Template').selectOption({ label: 'Claim update (version 2)' });
    await bar.getByLabel(/Text for/).fill('We have filed your claim.');
    await bar.getByRole('button', { name: 'Apply' }).click();
    await page.getByText('1 claim updated').waitFor({ timeout: 15_000 });
    // The client's thread holds the filled template.
    await row.getByRole('link', { name: reference }).click();
    await expect
      .poll(() => page.locator('main').innerText(), { timeout: 15_000 })
      .toContain('We have filed your claim.');
    expect(await page.locator('main').innerText()).not.toContain('{{');
  });
});
