// Sign-in, sign-up and the portals in Chromium against the real server and database.
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, PHONE, readLatestMail, screenshot, uniqueEmail } from './harness';
import {
  fillPasswords,
  login,
  registerClient,
  signUp,
  submitLogin,
  submitSignUp,
  useServerAndBrowser,
} from './flows';

const e2e = useServerAndBrowser();
const { fresh } = e2e;

describe('auth', () => {
  it('sign-up logs the new client in and lands in the Client Portal', async () => {
    const page = await fresh();
    await signUp(page, uniqueEmail(), 'Correct-Horse-Battery-42');
    await page.waitForURL(/\/portal\//, { timeout: 20_000 });
    await expect.poll(() => page.locator('body').innerText(), { timeout: 15_000 }).toContain('Client Portal');
    await screenshot(page, 'portal-client-dashboard-desktop');
  });

  it('login with a wrong password shows "Invalid email or password"', async () => {
    const page = await fresh();
    await login(page, ADMIN_EMAIL, 'not-the-password-123');
    await expect
      .poll(() => page.locator('body').innerText(), { timeout: 15_000 })
      .toContain('Invalid email or password');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('a client opening /portal/users lands on /unauthorized', async () => {
    const page = await fresh();
    await signUp(page, uniqueEmail(), 'Correct-Horse-Battery-43');
    await page.waitForURL(/\/portal\//, { timeout: 20_000 });
    await page.goto('/portal/users');
    await page.waitForURL((u) => u.pathname === '/unauthorized', { timeout: 15_000 });
  });

  it('an anonymous visitor is sent to /login and returns to the attempted page after login', async () => {
    const page = await fresh();
    await page.goto('/portal/activity-logs');
    await page.waitForURL((u) => u.pathname === '/login', { timeout: 15_000 });
    await submitLogin(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL((u) => u.pathname === '/portal/activity-logs', { timeout: 20_000 });
  });

  it('an admin sees the Admin Portal navigation', async () => {
    const page = await fresh();
    await login(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL(/\/portal\//, { timeout: 20_000 });
    const text = await page.locator('body').innerText();
    expect(text).toContain('Admin Portal');
    const nav = await page.locator('nav').allInnerTexts();
    for (const item of [
      'Dashboard',
      'Users',
      'Applications',
      'Claims',
      'Messages',
      'Documents',
      'Activity Logs',
      'Settings',
    ]) {
      expect(nav.join('\n'), item).toContain(item);
    }
    await screenshot(page, 'portal-admin-dashboard-desktop');
    for (const path of ['/portal/users', '/portal/activity-logs', '/portal/claims']) {
      await page.goto(path);
      await page.locator('main h1').first().waitFor({ timeout: 15_000 });
      await screenshot(page, `portal${path.replace(/\//g, '-').replace('-portal', '')}-desktop`);
    }
  });

  it('the Users table fits its card at 1280×800, a long name asked about before deactivating included', async () => {
    const email = uniqueEmail('a-client-with-a-rather-long-address');
    const name = 'Alexandra Wellington-Fairbanks Montgomery';
    expect((await registerClient(e2e.server, email, 'Long-Name-Passphrase-31', name)).status).toBe(201);
    const page = await fresh();
    await login(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.getByRole('link', { name: 'Users', exact: true }).first().click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(email);
    await page.getByRole('button', { name: 'Search' }).click();
    const table = page.getByRole('region', { name: 'Users' });
    await table.getByText(email).waitFor({ timeout: 15_000 });
    const overflow = () => table.evaluate((box) => box.scrollWidth - box.clientWidth);
    expect(await overflow()).toBeLessThanOrEqual(0);
    await page.getByRole('button', { name: `Deactivate ${name}` }).click();
    const confirm = page.getByRole('group', { name: `Confirm deactivating ${name}` });
    await confirm.getByText(`Deactivate ${name}?`).waitFor();
    expect(await overflow()).toBeLessThanOrEqual(0);
    await expect.poll(() => confirm.getByRole('button', { name: 'Deactivate' }).isVisible()).toBe(true);
    await screenshot(page, 'portal-users-confirm-deactivate-desktop');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('button', { name: `Deactivate ${name}` }).waitFor();
  });

  it('password reset end to end with the e-mail written to data/mail/', async () => {
    const page = await fresh();
    const email = uniqueEmail('reset');
    await signUp(page, email, 'Original-Passphrase-77');
    await page.waitForURL(/\/portal\//, { timeout: 20_000 });
    await page.context().clearCookies();
    await page.evaluate(() => window.localStorage.clear());

    await page.goto('/password-reset');
    await page
      .getByLabel(/e-?mail/i)
      .first()
      .fill(email);
    await page.getByRole('button', { name: /reset|send/i }).click();
    let mail = '';
    await expect
      .poll(
        () => {
          try {
            mail = readLatestMail(e2e.server.dataDir, email);
            return true;
          } catch {
            return false;
          }
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    const match = /https?:\/\/[^\s"<>]*\/password-reset-confirm\/([^\s"<>/]+)\/([^\s"<>/]+)/.exec(mail);
    expect(match, mail).not.toBeNull();
    const link = new URL(match![0]);
    await page.goto(link.pathname);
    await fillPasswords(page, 'Brand-New-Passphrase-88');
    await page.getByRole('button', { name: /reset|set|change|save|update/i }).click();
    await expect
      .poll(() => page.locator('body').innerText(), { timeout: 15_000 })
      .toMatch(/password (has been )?(reset|changed|updated)/i);

    await login(page, email, 'Brand-New-Passphrase-88');
    await page.waitForURL(/\/portal\//, { timeout: 20_000 });

    // The link works once only.
    const again = await fetch(`${e2e.server.baseUrl}/auth/password-reset/confirm/`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ uid: match![1], token: match![2], new_password: 'Another-Passphrase-99' }),
    });
    expect(again.status).toBe(400);
  });

  it('portal screenshots at phone size; the recent activity fits the screen, one card per entry', async () => {
    const page = await fresh(PHONE);
    await login(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.waitForURL(/\/portal\//, { timeout: 20_000 });
    const activity = page
      .getByRole('region', { name: 'Recent activity', exact: true })
      .and(page.locator('[tabindex]'));
    await activity.getByText(ADMIN_EMAIL).first().waitFor({ timeout: 15_000 });
    expect(await activity.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
    await screenshot(page, 'portal-admin-dashboard-phone');
  });

  it('a throttled sign-in offers a link by e-mail, which signs in and makes the browser a known device (issue 25 §3)', async () => {
    const email = uniqueEmail('throttled');
    const password = 'Owner-Passphrase-Lantern-7';
    expect((await registerClient(e2e.server, email, password, 'Throttled Owner')).status).toBe(201);
    // Guesses from this machine's address until the account is slowed down there.
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const res = await fetch(`${e2e.server.baseUrl}/auth/login/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: email, password: `attacker-guess-${i}` }),
      });
      statuses.push(res.status);
    }
    expect(statuses.at(-1)).toBe(429);

    // The owner, on a new browser, is slowed down too, and is offered the link.
    const page = await fresh();
    await login(page, email, password);
    const offer = page.getByRole('button', { name: 'E-mail me a sign-in link' });
    await offer.waitFor({ timeout: 15_000 });
    await expect.poll(() => page.locator('body').innerText()).toContain('Too many attempts');
    await offer.click();
    const sent = page.getByRole('status').filter({ hasText: 'a sign-in link has been sent' });
    await sent.waitFor({ timeout: 15_000 });
    await screenshot(page, 'login-throttled-link-sent-desktop');

    let mail = '';
    await expect
      .poll(
        () => {
          try {
            mail = readLatestMail(e2e.server.dataDir, email);
            return mail.includes('/login-link/');
          } catch {
            return false;
          }
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    const match = /https?:\/\/[^\s"<>]*\/login-link\/[^\s"<>/]+\/[^\s"<>/]+/.exec(mail);
    expect(match, mail).not.toBeNull();
    const link = new URL(match![0]);
    await page.goto(link.pathname);
    await page.getByRole('button', { name: 'Sign in to Reclaim' }).click();
    await page.waitForURL(/\/portal\//, { timeout: 20_000 });
    await expect.poll(() => page.locator('body').innerText(), { timeout: 15_000 }).toContain('Client Portal');

    // The link is used up.
    await page.goto(link.pathname);
    await page.getByRole('button', { name: 'Sign in to Reclaim' }).click();
    await page.getByRole('alert').filter({ hasText: 'already been used' }).waitFor({ timeout: 15_000 });

    // This browser is now a known device: its password sign-in works although the guesses go on.
    for (let i = 0; i < 3; i++) {
      await fetch(`${e2e.server.baseUrl}/auth/login/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username: email, password: `attacker-more-${i}` }),
      });
    }
    // Signed out in this tab (tokens gone), the device cookie kept, as after closing the browser.
    await page.evaluate(() => {
      localStorage.clear();
      sessionStorage.clear();
    });
    await login(page, email, password);
    await page.waitForURL(/\/portal\//, { timeout: 20_000 });
    // A new browser (no device cookie) is still slowed down.
    const stranger = await fresh();
    await login(stranger, email, password);
    await stranger.getByRole('button', { name: 'E-mail me a sign-in link' }).waitFor({ timeout: 15_000 });
  });

  it('sign-up refuses a guessable password on the form, and an address that has an account is told to check the e-mail (issue 25 §3)', async () => {
    const page = await fresh();
    await page.goto('/signup');
    await submitSignUp(page, uniqueEmail('weak'), 'Summer2024!');
    await expect
      .poll(() => page.locator('body').innerText(), { timeout: 15_000 })
      .toContain('This password is too easy to guess');
    expect(new URL(page.url()).pathname).toBe('/signup');
    await expect
      .poll(() => page.locator('input[type="password"]').first().getAttribute('aria-invalid'))
      .toBe('true');

    const email = uniqueEmail('existing');
    expect(
      (await registerClient(e2e.server, email, 'Owner-Passphrase-Harbour-9', 'Existing Owner')).status,
    ).toBe(201);
    const again = await fresh();
    await again.goto('/signup');
    await submitSignUp(again, email, 'Someone-Else-Passphrase-4');
    await again.waitForURL((u) => u.pathname === '/login', { timeout: 20_000 });
    await expect
      .poll(() => again.getByRole('status').first().innerText(), { timeout: 15_000 })
      .toContain('Please check your e-mail');
    await expect
      .poll(
        () => {
          try {
            return readLatestMail(e2e.server.dataDir, email);
          } catch {
            return '';
          }
        },
        { timeout: 15_000 },
      )
      .toContain('Someone tried to create a new Reclaim account with this e-mail address');
  });
});
