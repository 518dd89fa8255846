// The first click of a first-time visitor. `/` opens in the light shell (no router); the first link
// loads the full app, which must show the page the link points at, not Home again (issue 11). Each
// journey starts in a new browser context (cold: no storage, no cache), clicks once and waits for
// the new page's heading.
import { describe, expect, it } from 'vitest';
import type { Locator, Page } from 'playwright-core';
import { PHONE } from './harness';
import { heading, useServerAndBrowser } from './flows';

const e2e = useServerAndBrowser();
const HOME_HEADING = /reclaim the tax you have overpaid/i;

/** Opens `/` in a new context and waits for Home. */
async function coldHome(viewport?: { width: number; height: number }): Promise<Page> {
  const page = await e2e.fresh(viewport);
  await page.goto('/');
  expect(await heading(page)).toMatch(HOME_HEADING);
  return page;
}

/** Clicks `link` once and waits until the address is `path` and the page's heading matches. */
async function clickAndExpect(page: Page, link: Locator, path: string, expected: RegExp): Promise<void> {
  await link.click();
  await page.waitForURL((url) => url.pathname === path);
  await expect.poll(async () => heading(page), { timeout: 15_000 }).toMatch(expected);
  const title = await heading(page);
  expect(title).not.toMatch(HOME_HEADING);
  // The page has its own title, and focus is on its heading (read out by screen readers).
  await expect.poll(() => page.title()).toBe(`${title} | Reclaim`);
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('H1');
}

describe('the first click from a cold start on / shows the new page', () => {
  it('header: About', async () => {
    const page = await coldHome();
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' });
    await clickAndExpect(page, link, '/about', /about/i);
    await page.context().close();
  });

  it('header: Log in', async () => {
    const page = await coldHome();
    await clickAndExpect(
      page,
      page.locator('header').getByRole('link', { name: 'Log in' }),
      '/login',
      /sign in|log in/i,
    );
    await page.context().close();
  });

  it('footer: Contact Us', async () => {
    const page = await coldHome();
    const link = page
      .getByRole('navigation', { name: 'Quick Links' })
      .getByRole('link', { name: 'Contact Us' });
    await clickAndExpect(page, link, '/contact', /contact/i);
    await page.context().close();
  });

  it('footer: Privacy Policy', async () => {
    const page = await coldHome();
    const link = page
      .getByRole('navigation', { name: 'Legal' })
      .getByRole('link', { name: 'Privacy Policy' });
    await clickAndExpect(page, link, '/privacy-policy', /privacy policy/i);
    await page.context().close();
  });

  it('hero: Check your eligibility', async () => {
    const page = await coldHome();
    const link = page.locator('main').getByRole('link', { name: 'Check your eligibility' });
    await clickAndExpect(page, link, '/eligibility-checker', /eligibility/i);
    await page.context().close();
  });

  it('hero: Explore our services', async () => {
    const page = await coldHome();
    const link = page.locator('main').getByRole('link', { name: 'Explore our services' });
    await clickAndExpect(page, link, '/services', /services/i);
    await page.context().close();
  });

  it('service card: a service page', async () => {
    const page = await coldHome();
    const link = page.locator('main section[aria-labelledby="home-services"] li a').first();
    const href = (await link.getAttribute('href')) ?? '';
    const title = (await link.innerText()).trim();
    expect(href).toMatch(/^\/services\//);
    await clickAndExpect(page, link, href, new RegExp(title.split(/\s+/)[0] ?? title, 'i'));
    await page.context().close();
  });

  it('mobile menu (390×844): About', async () => {
    const page = await coldHome(PHONE);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByTestId('mobile-menu');
    await clickAndExpect(page, menu.getByRole('link', { name: 'About' }), '/about', /about/i);
    await expect.poll(async () => menu.count()).toBe(0);
    // A second, in-app navigation: its own title and focus too.
    await clickAndExpect(
      page,
      page.getByRole('link', { name: 'Contact Us' }).first(),
      '/contact',
      /contact/i,
    );
    await page.context().close();
  });

  it('Back after the first click shows Home again', async () => {
    const page = await coldHome();
    const link = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'News' });
    await clickAndExpect(page, link, '/news', /news/i);
    await page.goBack();
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(async () => heading(page)).toMatch(HOME_HEADING);
    await expect.poll(() => page.title()).toBe('Reclaim | UK tax reclaims and tax relief');
    await page.context().close();
  });
});
