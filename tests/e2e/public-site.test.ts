// Public website in Chromium: every public route renders its heading, every redirect of site spec
// section 2 lands where the spec says (replacing the history entry), mobile menu, screenshots.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, newPage, screenshot } from './harness';
import { heading, useServerAndBrowser } from './flows';

const e2e = useServerAndBrowser();
let page: Page;

beforeAll(async () => {
  ({ page } = await newPage(e2e.browser, e2e.server.baseUrl));
});

const publicRoutes: [string, RegExp][] = [
  ['/', /./],
  ['/about', /about/i],
  ['/contact', /contact/i],
  ['/news', /news/i],
  ['/services', /services/i],
  ['/services/sdlt-refunds', /stamp duty|sdlt/i],
  ['/services/business-rates-appeals', /business rates/i],
  ['/services/capital-allowances', /capital allowances/i],
  ['/services/inheritance-tax-planning', /inheritance tax/i],
  ['/services/rd-tax-credits', /r&d|research/i],
  ['/services/patent-box', /patent box/i],
  ['/services/capital-gains-tax', /capital gains/i],
  ['/services/capital-gains', /capital gains/i],
  ['/services/cgt-reclaims', /capital gains/i],
  ['/services/enterprise-investment-scheme', /enterprise investment/i],
  ['/services/employee-share-schemes', /employee share/i],
  ['/terms', /terms/i],
  ['/terms-of-service', /terms/i],
  ['/privacy-policy', /privacy policy/i],
  ['/cookies-policy', /cookies policy/i],
  ['/eligibility-checker', /eligibility/i],
  ['/sitemap', /sitemap/i],
  ['/login', /sign in|log in|login/i],
  ['/signup', /sign up|create|register/i],
  ['/password-reset', /password/i],
];

describe('every public route renders its heading', () => {
  for (const [path, expected] of publicRoutes) {
    it(path, async () => {
      const res = await page.goto(path);
      expect(res?.status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await heading(page)).toMatch(expected);
      expect(await page.locator('text=/page not found/i').count()).toBe(0);
    });
  }

  it('an unknown path shows the not-found page', async () => {
    await page.goto('/no-such-page-here');
    expect(await heading(page)).toMatch(/not found/i);
  });

  it('the employee-share-schemes placeholder says the service is under development', async () => {
    await page.goto('/services/employee-share-schemes');
    await expect
      .poll(async () => (await page.locator('main').innerText()).toLowerCase())
      .toContain('under development');
  });

  it('a news article opens from the list', async () => {
    await page.goto('/news');
    const link = page.locator('main a[href^="/news/"]').first();
    await link.waitFor({ timeout: 15_000 });
    const href = await link.getAttribute('href');
    await link.click();
    await page.waitForURL(`**${href}`);
    expect((await heading(page)).length).toBeGreaterThan(5);
  });

  it('the services listing has the three category anchors', async () => {
    await page.goto('/services');
    await heading(page);
    for (const id of [
      'property-assets-refunds',
      'property-estate-savings',
      'innovation-investments-relief',
    ]) {
      expect(await page.locator(`[id="${id}"]`).count(), id).toBe(1);
    }
  });
});

const redirects: [string, string][] = [
  ['/services/stamp-duty-land-tax-refund', '/services/sdlt-refunds'],
  ['/services/sdlt', '/services/sdlt-refunds'],
  ['/services/capital', '/services/capital-allowances'],
  ['/services/inheritance-tax', '/services/inheritance-tax-planning'],
  ['/services/inheritance-tax-adjustments', '/services/inheritance-tax-planning'],
  ['/services/iht', '/services/inheritance-tax-planning'],
  ['/services/research-development-tax-credits', '/services/rd-tax-credits'],
  ['/services/rd', '/services/rd-tax-credits'],
  ['/services/patentbox', '/services/patent-box'],
  ['/services/patent', '/services/patent-box'],
  ['/services/cgt', '/services/capital-gains-tax'],
  ['/services/eis', '/services/enterprise-investment-scheme'],
  ['/services/seis', '/services/enterprise-investment-scheme'],
  ['/services/eis-seis', '/services/enterprise-investment-scheme'],
  ['/services/businessrates', '/services/business-rates-appeals'],
  ['/services/patent-box-relief', '/services/patent-box'],
  ...[
    'vat-reclaim',
    'vat',
    'loss-relief',
    'mileage-tax-relief',
    'mileage',
    'employment-allowance',
    'employment',
    'charitable-donations-tax-relief',
    'charitable',
    'pension-tax-relief',
    'pension',
  ].map((s): [string, string] => [`/services/${s}`, '/services']),
  ['/servicesoverview', '/services'],
];

describe('redirects replace the history entry', () => {
  for (const [from, to] of redirects) {
    it(`${from} → ${to}`, async () => {
      await page.goto('/');
      await heading(page);
      // Navigate inside the SPA, then check that Back skips the redirecting entry.
      await page.evaluate((path) => {
        window.history.pushState({}, '', path);
        window.dispatchEvent(new PopStateEvent('popstate'));
      }, from);
      await page.waitForURL((u) => u.pathname === to, { timeout: 10_000 });
      await heading(page);
      await page.goBack();
      await page.waitForURL((u) => u.pathname === '/', { timeout: 10_000 });
    });
  }
});

describe('layout', () => {
  it('the mobile menu opens, keeps focus inside and closes on Escape', async () => {
    const { context, page: phone } = await newPage(e2e.browser, e2e.server.baseUrl, PHONE);
    await phone.goto('/');
    await heading(phone);
    const toggle = phone.getByRole('button', { name: /menu/i }).first();
    await toggle.click();
    const dialog = phone.locator('[data-testid="mobile-menu"], [role="dialog"]').first();
    await dialog.waitFor({ state: 'visible' });
    await phone.keyboard.press('Tab');
    expect(
      await phone.evaluate(
        () => !!document.activeElement?.closest('[data-testid="mobile-menu"], [role="dialog"]'),
      ),
    ).toBe(true);
    await phone.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('the footer shows the copyright with the current year and the legal links', async () => {
    await page.goto('/');
    const footer = page.locator('footer');
    await footer.waitFor();
    const text = await footer.innerText();
    expect(text).toContain(String(new Date().getFullYear()));
    for (const label of [
      'Privacy Policy',
      'Terms of Service',
      'Cookies Policy',
      'About Us',
      'News & Insights',
      'Eligibility Checker',
      'Contact Us',
      'Client Portal',
    ]) {
      expect(text, label).toContain(label);
    }
  });

  it('screenshots of key public pages at desktop and phone sizes', async () => {
    for (const [name, size] of [
      ['desktop', DESKTOP],
      ['phone', PHONE],
    ] as const) {
      const { context, page: p } = await newPage(e2e.browser, e2e.server.baseUrl, size);
      for (const path of ['/', '/services', '/services/sdlt-refunds', '/news', '/contact', '/login']) {
        await p.goto(path);
        await heading(p);
        await screenshot(p, `public${path === '/' ? '-home' : path.replace(/\//g, '-')}-${name}`);
      }
      await context.close();
    }
  });
});
