// Issue 11, toasts as a client meets them in Chromium: a message appears once (not in the form and
// again in a toast, nor twice as a toast), API field names never show ("current_password: …"),
// and a toast never covers the portal's Logout button, on a desktop or a phone.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, uniqueEmail } from './harness';
import {
  completeQuestionnaire,
  loadPublished,
  openAssessment,
  sdltMixedUseAnswers,
} from './assessment-helpers';
import { login, registerClient, useServerAndBrowser } from './flows';

const session = useServerAndBrowser();
const PASSWORD = 'Toast-e2e-Passphrase-2026';

async function signedInClient(viewport = DESKTOP): Promise<Page> {
  const email = uniqueEmail('toasts');
  const res = await registerClient(session.server, email, PASSWORD, 'Toast Client');
  expect(res.status).toBe(201);
  const page = await session.fresh(viewport);
  await login(page, email, PASSWORD);
  await page.waitForURL(/\/portal\//, { timeout: 20_000 });
  return page;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: typeof a): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

describe('toasts', () => {
  it('a wrong current password is said once, in words, beside its field', async () => {
    const page = await signedInClient();
    await page.goto('/portal/settings');
    await page.getByLabel('Current password').fill('not-my-password');
    await page.getByLabel('New password', { exact: true }).fill('Another-Passphrase-2026');
    await page.getByLabel('Confirm new password').fill('Another-Passphrase-2026');
    await page.getByRole('button', { name: 'Change password' }).click();
    const message = page.getByText(/Current password is incorrect/);
    await message.first().waitFor({ timeout: 15_000 });
    expect(await message.count()).toBe(1);
    expect(await page.locator('body').innerText()).not.toContain('current_password');
    expect(await page.getByLabel('Current password').getAttribute('aria-invalid')).toBe('true');
  });

  it('a refused file type is said once', async () => {
    const page = await signedInClient();
    await page.goto('/portal/documents');
    const dir = mkdtempSync(join(tmpdir(), 'reclaim-toasts-'));
    const file = join(dir, 'program.exe');
    writeFileSync(file, Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00, 0x04, 0x00]));
    await page.locator('input[type="file"]').first().setInputFiles(file);
    await page.getByRole('button', { name: 'Upload', exact: true }).click();
    const message = page.getByText(/not accepted/i);
    await message.first().waitFor({ timeout: 15_000 });
    expect(await message.count()).toBe(1);
  });

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`a toast does not cover Logout (${name})`, async () => {
      const page = await signedInClient(viewport);
      await page.goto('/portal/settings');
      await page.getByRole('button', { name: 'Save preferences' }).click();
      const toast = page.locator('.Toastify__toast').filter({ hasText: 'Notification preferences saved.' });
      await toast.waitFor({ timeout: 15_000 });
      const logout = page.locator('header').getByRole('button', { name: 'Logout' });
      expect(overlaps(await box(toast), await box(logout))).toBe(false);
      expect(overlaps(await box(toast), await box(page.locator('header').first()))).toBe(false);
      // Issue 31: nor the page heading, nor the navigation.
      expect(overlaps(await box(toast), await box(page.getByRole('heading', { level: 1 })))).toBe(false);
      for (const nav of await page.getByRole('navigation').all()) {
        if (await nav.isVisible()) expect(overlaps(await box(toast), await box(nav))).toBe(false);
      }
    });
  }

  it('on the phone, the contact success toast covers neither the heading nor the navigation', async () => {
    const page = await session.fresh(PHONE);
    await page.goto('/contact');
    // The form is prerendered HTML until the app takes over (issue 31); type once it has.
    await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached', timeout: 20_000 });
    const form = page.getByRole('form', { name: 'Contact form' });
    await form.getByRole('textbox', { name: 'Name', exact: true }).fill('Toast Visitor');
    await form.getByRole('textbox', { name: 'Email', exact: true }).fill(uniqueEmail('toast-contact'));
    await form.getByRole('textbox', { name: 'Subject', exact: true }).fill('Stamp duty refund');
    await form
      .getByRole('textbox', { name: 'Message', exact: true })
      .fill('Please call me about a stamp duty refund.');
    // sent from the keyboard, as a phone user with the keyboard open does (a pointer click waits for
    // the button to stop moving, which the shrinking header can delay under load)
    await form.getByRole('button', { name: 'Send message' }).press('Enter');
    const toast = page.locator('.Toastify__toast').filter({ hasText: 'Your message has been sent' });
    await toast.waitFor({ timeout: 15_000 });
    // The visitor scrolls back up while the toast is still showing.
    await page.evaluate(() => window.scrollTo(0, 0));
    const heading = page.getByRole('heading', { level: 1 });
    expect(overlaps(await box(toast), await box(heading))).toBe(false);
    expect(overlaps(await box(toast), await box(page.locator('header').first()))).toBe(false);
  });

  it('desktop: the toast the application page opens under covers none of its actions', async () => {
    const page = await signedInClient();
    await openAssessment(page, 'sdlt_refund');
    await completeQuestionnaire(page, loadPublished('sdlt_refund'), sdltMixedUseAnswers);
    await page.getByRole('button', { name: 'Submit Assessment' }).click();
    await page.waitForURL(/\/portal\/applications\/[0-9a-f-]{36}$/, { timeout: 20_000 });
    const results = page.getByRole('link', { name: 'View assessment results' });
    await results.waitFor({ timeout: 20_000 });
    const toast = page.locator('.Toastify__toast').first();
    await toast.waitFor({ timeout: 15_000 });
    const toastBox = await box(toast);
    expect(overlaps(toastBox, await box(results))).toBe(false);
    // Nor any other link or button of the page on screen, nor its heading.
    expect(overlaps(toastBox, await box(page.getByRole('heading', { level: 1 })))).toBe(false);
    const covered: string[] = [];
    for (const action of await page
      .locator('main')
      .getByRole('link')
      .or(page.locator('main').getByRole('button'))
      .all()) {
      if (!(await action.isVisible())) continue;
      const found = await action.boundingBox();
      if (found && overlaps(toastBox, found)) covered.push((await action.innerText()).trim());
    }
    expect(covered).toEqual([]);
  });
});
