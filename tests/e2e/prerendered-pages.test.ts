// Issue 31: every public page is real HTML rendered at build time from the app's own components
// and site data (web/scripts/prerender.mjs), served by the API for its route: a visitor without
// JavaScript reads it, and when the app (on `/`, the light shell) takes over nothing on screen
// moves or changes.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE } from './harness';
import { useServerAndBrowser } from './flows';

const session = useServerAndBrowser();

interface Service {
  title: string;
  description: string;
  pagePath?: string | null;
  isActive?: boolean;
}
const services = (
  JSON.parse(
    readFileSync(fileURLToPath(new URL('../../definitions/site/services.json', import.meta.url)), 'utf8'),
  ) as { services: Service[] }
).services.filter((s): s is Service & { pagePath: string } => s.isActive !== false && !!s.pagePath);

/** Each public page and a heading it must show (services' from the site data). */
const PAGES: readonly (readonly [string, RegExp | string])[] = [
  ['/', /reclaim the tax you have overpaid/i],
  ['/services', /services/i],
  ...services.map((s) => [s.pagePath, s.title] as const),
  ['/about', /about/i],
  ['/contact', /contact/i],
  ['/terms', /terms/i],
  ['/terms-of-service', /terms/i],
  ['/privacy-policy', /privacy/i],
  ['/cookies-policy', /cookies/i],
  ['/sitemap', /sitemap/i],
  ['/eligibility-checker', /eligibility/i],
];

describe('prerendered public pages', () => {
  it('the server sends each page with its content in the HTML, and the app shell elsewhere', async () => {
    for (const [path] of PAGES) {
      const res = await fetch(`${session.server.baseUrl}${path}`, { headers: { accept: 'text/html' } });
      expect(res.status, path).toBe(200);
      const html = await res.text();
      expect(html, path).toMatch(/<div id="root" data-prerendered=""><[^/]/);
      expect(html, path).toContain('<h1');
      // No inline script: the strict CSP would refuse it.
      expect(html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [], path).toEqual([]);
      // Nothing blocks the paint: the stylesheet is inline, not a request.
      expect(html, path).not.toMatch(/<link[^>]+rel="stylesheet"/);
      expect(html, path).toMatch(/<style>[\s\S]{1000,}?<\/style>/);
    }
    const login = await (
      await fetch(`${session.server.baseUrl}/login`, { headers: { accept: 'text/html' } })
    ).text();
    expect(login).toContain('<div id="root"></div>');
    // The prerendered files are not served under their own names.
    const direct = await fetch(`${session.server.baseUrl}/_pages/about/index.html`);
    expect(await direct.text()).not.toContain('data-prerendered=""><');
  });

  it('a visitor with JavaScript disabled reads every public page', async () => {
    const context = await session.browser.newContext({
      baseURL: session.server.baseUrl,
      viewport: PHONE,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    for (const [path, heading] of PAGES) {
      await page.goto(path);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).innerText(), { message: path })
        .toMatch(typeof heading === 'string' ? heading : heading);
      expect(await page.getByRole('status').count(), `${path}: a spinner`).toBe(0);
      expect(await page.locator('header').getByRole('link', { name: 'Reclaim home' }).count()).toBe(1);
      expect(await page.locator('footer').innerText()).not.toBe('');
    }
    for (const service of services) {
      await page.goto(service.pagePath);
      expect(await page.locator('main').innerText()).toContain(service.description.slice(0, 60));
    }
    // Before the app, a form cannot be typed into (what was typed would be lost when it renders).
    await page.goto('/contact');
    const fields = page.locator('main').locator('input, textarea, select, button');
    expect(await fields.count()).toBeGreaterThan(0);
    for (const field of await fields.all()) expect(await field.isDisabled()).toBe(true);
    await context.close();
  });

  it('the contact form is typed into once the app has taken over, and keeps what was typed', async () => {
    const page = await session.fresh(PHONE);
    await page.goto('/contact');
    const email = page.getByLabel(/e-?mail/i).first();
    // fill waits until the field is enabled: the app has rendered over the prerendered page
    await email.fill('visitor@example.com');
    await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached', timeout: 20_000 });
    expect(await email.inputValue()).toBe('visitor@example.com');
  });

  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`the app takes over a prerendered page with no layout shift and works (${name})`, async () => {
      const page = await session.fresh(viewport);
      await page.addInitScript(() => {
        const w = window as unknown as { __cls: number };
        w.__cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[])
            if (!entry.hadRecentInput) w.__cls += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
      });
      const path = services[0]?.pagePath ?? '/services';
      await page.goto(path);
      // The app has taken over when main.tsx removes the marker.
      await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached', timeout: 20_000 });
      await page.getByRole('heading', { level: 1 }).waitFor();
      const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
      expect(cls).toBeLessThanOrEqual(0.1);
      // In-app navigation after the takeover (no full page load).
      await page.evaluate(() => ((window as unknown as { __same: boolean }).__same = true));
      await page.locator('footer').getByRole('link', { name: /about/i }).first().click();
      await page.waitForURL(/\/about$/);
      await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toMatch(/about/i);
      expect(await page.evaluate(() => (window as unknown as { __same?: boolean }).__same)).toBe(true);
    });
  }
});

/**
 * What a visitor sees of #root: each visible element's tag, own text, box and the styles that show
 * (colour, background, opacity, cursor), in document order. A form's controls are compared by box
 * and text only: the prerender disables them until the app has mounted, and they look disabled.
 */
function visibleState(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('#root *'))) {
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // A form's controls are disabled until the app has mounted, and look it (decisions: lcp31).
      const formControl = !!el.closest('form') && !!el.closest('input, textarea, select, button');
      const own = Array.from(el.childNodes)
        .filter((n) => n.nodeType === Node.TEXT_NODE)
        .map((n) => n.textContent ?? '')
        .join('')
        .trim();
      out.push(
        [
          el.tagName,
          own,
          Math.round(box.x),
          Math.round(box.y),
          Math.round(box.width),
          Math.round(box.height),
          ...(formControl ? [] : [style.color, style.backgroundColor, style.opacity, style.cursor]),
        ].join(' | '),
      );
    }
    return out;
  });
}

describe('before the app has taken over', () => {
  /** Opens `path` with the app chunk held back, as on a slow line, until `release()` is called. */
  async function openHeld(
    path: string,
    viewport: { width: number; height: number } = DESKTOP,
  ): Promise<{ page: Page; release: () => void }> {
    const page = await session.fresh(viewport);
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/App-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(path, { waitUntil: 'domcontentloaded' });
    expect(await page.locator('#root[data-prerendered]').count()).toBe(1);
    return { page, release };
  }

  it('a press on the header menu button is carried out once the app has rendered (phone)', async () => {
    const { page, release } = await openHeld('/about', PHONE);
    const toggle = page.locator('header').getByRole('button', { name: /menu/i }).first();
    // Not dimmed or disabled: it looks as it will once the app has rendered.
    expect(await toggle.isEnabled()).toBe(true);
    await toggle.click();
    expect(await page.locator('#root[data-prerendered]').count()).toBe(1);
    release();
    await page.locator('[data-testid="mobile-menu"], [role="dialog"]').first().waitFor({ state: 'visible' });
    await page.context().close();
  });

  it('a visitor who has scrolled down stays where they are when the app takes over, and the header shrinks', async () => {
    const { page, release } = await openHeld('/services');
    await page.evaluate(() => window.scrollTo(0, 600));
    release();
    await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached', timeout: 20_000 });
    await expect.poll(() => page.locator('header').first().getAttribute('data-scrolled')).toBe('true');
    expect(await page.evaluate(() => window.scrollY)).toBe(600);
    await page.context().close();
  });

  it('a link clicked low on the page opens the next page at its top', async () => {
    const { page, release } = await openHeld('/services');
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.locator('footer').getByRole('link', { name: 'About Us' }).click();
    release();
    await page.waitForURL((u) => u.pathname === '/about');
    await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached', timeout: 20_000 });
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.context().close();
  });
});

describe('nothing a visitor sees changes when the app takes over', () => {
  const paths = ['/', services[0]?.pagePath ?? '/services', '/contact'];
  for (const [name, viewport] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    it(`the prerendered HTML and the page once taken over look the same (${name}: ${paths.join(', ')})`, async () => {
      const plain = await session.browser.newContext({
        baseURL: session.server.baseUrl,
        viewport,
        javaScriptEnabled: false,
      });
      const before = await plain.newPage();
      const page = await session.fresh(viewport);
      for (const path of paths) {
        await before.goto(path);
        await before.getByRole('heading', { level: 1 }).waitFor();
        await page.goto(path);
        await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached', timeout: 20_000 });
        await page.getByRole('heading', { level: 1 }).waitFor();
        // the app's own first render (lazy page, session check) is settled
        await page.waitForLoadState('networkidle');
        expect(await visibleState(page), path).toEqual(await visibleState(before));
        expect(await page.title(), path).toBe(await before.title());
      }
      await plain.close();
      await page.context().close();
    });
  }
});
