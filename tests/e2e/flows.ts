// Steps the end-to-end files share: one server and one browser per file with fresh pages on them,
// signing up, logging in, and registering an account through the API.
import { afterAll, beforeAll } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launchBrowser, newPage, startServer, type TestServer } from './harness';

export interface E2eSession {
  /** The file's server (started before its tests run). */
  readonly server: TestServer;
  readonly browser: Browser;
  /** A page in a new browser context (no cookies, no storage) on the server. */
  fresh: (viewport?: { width: number; height: number }) => Promise<Page>;
}

/**
 * Starts a server and a browser before the file's tests and stops them after. `env` (read when
 * the server starts, so after the file's earlier beforeAll hooks) adds to the server's environment,
 * e.g. SMTP_URL of a test SMTP server.
 */
export function useServerAndBrowser(env?: () => Record<string, string>): E2eSession {
  let server: TestServer | undefined;
  let browser: Browser | undefined;
  beforeAll(async () => {
    server = await startServer(env?.());
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });
  const started = <T>(value: T | undefined): T => {
    if (value === undefined) throw new Error('the server and browser start in beforeAll');
    return value;
  };
  return {
    get server() {
      return started(server);
    },
    get browser() {
      return started(browser);
    },
    fresh: async (viewport = DESKTOP) =>
      (await newPage(started(browser), started(server).baseUrl, viewport)).page,
  };
}

/** Fills every password field on screen (password and confirmation) once the first is visible. */
export async function fillPasswords(page: Page, password: string): Promise<void> {
  const fields = page.locator('input[type="password"]');
  await fields.first().waitFor({ state: 'visible', timeout: 15_000 });
  const n = await fields.count();
  for (let i = 0; i < n; i++) await fields.nth(i).fill(password);
}

/** Fills the login form on screen and signs in. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page
    .getByLabel(/e-?mail/i)
    .first()
    .fill(email);
  await fillPasswords(page, password);
  await page.getByRole('button', { name: /^(sign in|log in|login)$/i }).click();
}

/** Opens /login and signs in. */
export async function login(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/login');
  await submitLogin(page, email, password);
}

/** Fills the sign-up form on screen (name, e-mail, passwords, terms) and creates the account. */
export async function submitSignUp(
  page: Page,
  email: string,
  password: string,
  name = 'E2E Client',
): Promise<void> {
  await page.locator('input[type="password"]').first().waitFor({ state: 'visible', timeout: 15_000 });
  const nameField = page.getByLabel(/name/i).first();
  if (await nameField.count()) await nameField.fill(name);
  await page
    .getByLabel(/e-?mail/i)
    .first()
    .fill(email);
  await fillPasswords(page, password);
  const terms = page.locator('input[type="checkbox"][name*="terms" i]');
  if (await terms.count()) await terms.check();
  await page.getByRole('button', { name: /sign up|create account|register/i }).click();
}

/** Opens /signup and creates an account. */
export async function signUp(page: Page, email: string, password: string, name?: string): Promise<void> {
  await page.goto('/signup');
  await submitSignUp(page, email, password, name);
}

/** Creates a client account through the API (no browser). */
export function registerClient(
  server: TestServer,
  email: string,
  password: string,
  displayName: string,
): Promise<Response> {
  return fetch(`${server.baseUrl}/auth/register/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password, display_name: displayName }),
  });
}

/** The page's main heading once it is visible, trimmed. */
export async function heading(page: Page): Promise<string> {
  const h1 = page.locator('main h1').first();
  await h1.waitFor({ state: 'visible', timeout: 15_000 });
  return (await h1.innerText()).trim();
}
