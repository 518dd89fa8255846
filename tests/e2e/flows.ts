// Steps the end-to-end files share: one server and one browser per file with fresh pages on them,
// signing up, logging in, registering an account through the API, and (below) the advisers of the
// definition studio's files.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, expect } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  ADMIN_EMAIL,
  ADMIN_PASSWORD,
  DESKTOP,
  launchBrowser,
  newPage,
  startServer,
  uniqueEmail,
  type TestServer,
} from './harness';

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

// ---------------------------------------------------------------------------------------------
// Advisers in the studio: the set-up the definition workflow files share (adviser-definitions,
// studio-four-eyes, studio-impact, staff-invite-rollback): JSON calls to the API, tokens, STAFF
// advisers made by the admin, signing in to the portal, axe on the page and the toasts.

export interface ApiInit {
  method?: string;
  /** Sent as a bearer token. */
  token?: string;
  /** Sent as JSON. */
  body?: unknown;
}

export interface ApiAnswer<T> {
  status: number;
  /** The parsed JSON answer (null when the answer is empty). */
  body: T;
}

/** A JSON request to the server at `baseUrl` (e.g. a second server on the same data). */
export async function apiRequest<T>(
  baseUrl: string,
  path: string,
  init: ApiInit = {},
): Promise<ApiAnswer<T>> {
  const res = await fetch(`${baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      Accept: 'application/json',
      ...(init.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      ...(init.token ? { Authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body !== undefined ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, body: (text ? JSON.parse(text) : null) as T };
}

/** Signs in through the API; the access token. */
export async function apiToken(baseUrl: string, email: string, password: string): Promise<string> {
  const res = await apiRequest<{ access: string }>(baseUrl, '/auth/login/', {
    method: 'POST',
    body: { username: email, password },
  });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body.access;
}

export interface Adviser {
  email: string;
  password: string;
  /** The display name: "<name> Adviser". */
  displayName: string;
  /** An access token, signed in after the promotion. */
  token: string;
}

/**
 * A new account ("<name> Adviser") that the admin makes a STAFF adviser with a confirmed role
 * change; its sign-in details and a token.
 */
export async function staffAdviser(baseUrl: string, name: string): Promise<Adviser> {
  const email = uniqueEmail(name.toLowerCase());
  const password = `${name}-Adviser-Passphrase-2026`;
  const displayName = `${name} Adviser`;
  const registered = await apiRequest(baseUrl, '/auth/register/', {
    method: 'POST',
    body: { email, password, display_name: displayName },
  });
  expect(registered.status, JSON.stringify(registered.body)).toBe(201);
  // Registration answers without tokens (issue 25 §3): sign in for the account's id.
  const me = await apiRequest<{ id: string }>(baseUrl, '/users/current/', {
    token: await apiToken(baseUrl, email, password),
  });
  const promoted = await apiRequest(baseUrl, `/admin/users/${me.body.id}/`, {
    method: 'PATCH',
    token: await apiToken(baseUrl, ADMIN_EMAIL, ADMIN_PASSWORD),
    body: { role: 'STAFF', confirm_role_change: true },
  });
  expect(promoted.status, JSON.stringify(promoted.body)).toBe(200);
  return { email, password, displayName, token: await apiToken(baseUrl, email, password) };
}

/** Opens /login, signs in and waits for the portal. */
export async function signInToPortal(page: Page, email: string, password: string): Promise<void> {
  await login(page, email, password);
  await page.waitForURL(/\/portal\//, { timeout: 20_000 });
}

let axeSource: string | undefined;

/** axe-core on the page's main (or its body): the serious and critical violations, as "id: target" lines. */
export async function seriousViolations(page: Page): Promise<string[]> {
  axeSource ??= readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
  // Through the DevTools protocol (the page's CSP refuses inline scripts, rightly).
  await page.evaluate(axeSource);
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown) => Promise<unknown> } }).axe;
    const result = (await axe.run(document.querySelector('main') ?? document.body)) as {
      violations: { id: string; impact: string | null; nodes: { target: string[] }[] }[];
    };
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  });
}

/** Waits until a toast on the page says `text`. */
export const expectToast = (page: Page, text: string): Promise<void> =>
  expect.poll(() => page.locator('.Toastify').innerText(), { timeout: 15_000 }).toContain(text);

export interface AdviserSession extends E2eSession {
  /** A JSON request to the file's server. */
  api: <T>(path: string, init?: ApiInit) => Promise<ApiAnswer<T>>;
  /** Signs in through the file's server's API; the access token. */
  token: (email: string, password: string) => Promise<string>;
  /** The admin's access token. */
  adminToken: () => Promise<string>;
  /** A new STAFF adviser "<name> Adviser" on the file's server (see staffAdviser). */
  adviser: (name: string) => Promise<Adviser>;
  /** Two new STAFF advisers, e.g. an author and a reviewer for four-eyes releases. */
  twoAdvisers: (author?: string, reviewer?: string) => Promise<[Adviser, Adviser]>;
}

/** useServerAndBrowser with the adviser helpers bound to the file's server. */
export function useAdviserSession(env?: () => Record<string, string>): AdviserSession {
  const session = useServerAndBrowser(env);
  const base = () => session.server.baseUrl;
  const adviser = (name: string) => staffAdviser(base(), name);
  return {
    get server() {
      return session.server;
    },
    get browser() {
      return session.browser;
    },
    fresh: session.fresh,
    api: (path, init) => apiRequest(base(), path, init),
    token: (email, password) => apiToken(base(), email, password),
    adminToken: () => apiToken(base(), ADMIN_EMAIL, ADMIN_PASSWORD),
    adviser,
    twoAdvisers: async (author = 'Ana', reviewer = 'Ben') => [await adviser(author), await adviser(reviewer)],
  };
}
