// How the built web app reaches a browser (issue 11): pre-compressed assets over real HTTP with the
// right caching, SurveyJS only where a questionnaire is about to be used, and prefetched there.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { heading, useServerAndBrowser } from './flows';

const e2e = useServerAndBrowser();
const SURVEY_CHUNK = /\/assets\/survey-[\w-]+\.js$/;

async function get(path: string, headers: Record<string, string>): Promise<Response> {
  return fetch(`${e2e.server.baseUrl}${path}`, { headers });
}

/** Every script URL the page requested so far. */
function trackScripts(page: Page): string[] {
  const urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  return urls;
}

describe('static files over HTTP', () => {
  it('index.html is compressed and revalidated on every visit; hashed chunks are immutable and compressed', async () => {
    for (const encoding of ['br', 'gzip']) {
      const index = await get('/', { accept: 'text/html', 'accept-encoding': encoding });
      expect(index.status).toBe(200);
      expect(index.headers.get('content-encoding')).toBe(encoding);
      expect(index.headers.get('cache-control')).toBe('no-cache');
      expect(index.headers.get('vary')).toMatch(/accept-encoding/i);
      const html = await index.text();
      const entry = /<script[^>]+src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(entry).toBeDefined();

      const js = await get(entry ?? '', { 'accept-encoding': encoding });
      expect(js.status).toBe(200);
      expect(js.headers.get('content-encoding')).toBe(encoding);
      expect(js.headers.get('content-type')).toMatch(/javascript/);
      expect(js.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect((await js.text()).length).toBeGreaterThan(1000);
    }
  });

  it('a client that accepts no compression gets the plain file', async () => {
    const index = await get('/', { accept: 'text/html', 'accept-encoding': 'identity' });
    expect(index.headers.get('content-encoding')).toBeNull();
    // `/` is prerendered (issue 31): its #root carries the page and a marker
    expect(await index.text()).toContain('<div id="root"');
  });
});

describe('SurveyJS loads only where a questionnaire is about to be used', () => {
  it('is not requested by the home page, the pages a first click opens, or login', async () => {
    const page = await e2e.fresh();
    const scripts = trackScripts(page);
    await page.goto('/');
    await heading(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About' }).click();
    await expect.poll(async () => heading(page)).toMatch(/about/i);
    for (const path of ['/services', '/news', '/contact', '/login', '/signup', '/eligibility-checker']) {
      await page.goto(path);
      await heading(page);
      await page.waitForLoadState('networkidle');
    }
    expect(scripts.filter((url) => SURVEY_CHUNK.test(url))).toEqual([]);
    await page.context().close();
  });

  it('a service page starts loading it before the visitor clicks "Check your eligibility"', async () => {
    const page = await e2e.fresh();
    const surveyResponse = page.waitForResponse((res) => SURVEY_CHUNK.test(res.url()));
    await page.goto('/services/sdlt-refunds');
    const res = await surveyResponse;
    expect(res.status()).toBe(200);
    expect(['br', 'gzip']).toContain((await res.allHeaders())['content-encoding']);
    await page.context().close();
  });

  it('choosing a service on the eligibility checker starts loading it', async () => {
    const page = await e2e.fresh();
    const scripts = trackScripts(page);
    await page.goto('/eligibility-checker');
    await heading(page);
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => SURVEY_CHUNK.test(url))).toEqual([]);
    const surveyRequest = page.waitForRequest((req) => SURVEY_CHUNK.test(req.url()));
    await page.getByRole('radio').first().check();
    await surveyRequest;
    await page.context().close();
  });

  it('hovering or focusing a link to a questionnaire starts loading it', async () => {
    const page = await e2e.fresh();
    const scripts = trackScripts(page);
    await page.goto('/services/employee-share-schemes');
    await heading(page);
    // The heading is in the prerendered HTML (issue 31): prefetch on intent starts with the app.
    await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached', timeout: 20_000 });
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((url) => SURVEY_CHUNK.test(url))).toEqual([]);
    // The placeholder page has no questionnaire; a link to one (as the client dashboard shows) in
    // the same app starts the prefetch when hovered: the light first step's chunk and the
    // definition, then SurveyJS (what the route needs for a signed-in client or a resumed one).
    await page.evaluate(() => {
      const a = document.createElement('a');
      a.href = '/assessment/sdlt_refund';
      a.textContent = 'Continue your assessment';
      document.querySelector('main')?.prepend(a);
    });
    const surveyRequest = page.waitForRequest((req) => SURVEY_CHUNK.test(req.url()));
    await page.getByRole('link', { name: 'Continue your assessment' }).hover();
    await surveyRequest;
    await page.context().close();
  });
});

// Records whether the page's loading spinner (PageSpinner: role="status" with "Loading") was ever in
// the document, from before the page's first script.
const SPINNER_WATCH = `(() => {
  window.__spinnerSeen = false;
  const seen = () => [...document.querySelectorAll('[role="status"]')].some((el) => /Loading/.test(el.textContent || ''));
  new MutationObserver(() => { if (seen()) window.__spinnerSeen = true; })
    .observe(document, { childList: true, subtree: true });
})();`;

describe('a page whose chunk is already fetched shows no loading spinner', () => {
  it('a service page opened from outside the site (the app waits for its chunk before mounting)', async () => {
    const page = await e2e.fresh();
    await page.context().addInitScript(SPINNER_WATCH);
    await page.goto('/services/sdlt-refunds');
    expect(await heading(page)).toBe('SDLT Refunds');
    expect(await page.evaluate(() => (window as unknown as { __spinnerSeen: boolean }).__spinnerSeen)).toBe(
      false,
    );
    await page.context().close();
  });

  it('a page whose link was hovered before the click', async () => {
    const page = await e2e.fresh();
    await page.context().addInitScript(SPINNER_WATCH);
    await page.goto('/services/sdlt-refunds');
    expect(await heading(page)).toBe('SDLT Refunds');
    // The heading is in the prerendered HTML (issue 31): prefetch on intent starts with the app.
    await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached', timeout: 20_000 });
    const about = page.getByRole('contentinfo').getByRole('link', { name: 'About Us' });
    const chunk = page.waitForResponse((res) => /\/assets\/AboutPage-[\w-]+\.js$/.test(res.url()));
    await about.hover();
    await chunk;
    await about.click();
    expect(await heading(page)).toMatch(/^About/);
    expect(await page.evaluate(() => (window as unknown as { __spinnerSeen: boolean }).__spinnerSeen)).toBe(
      false,
    );
    await page.context().close();
  });
});
