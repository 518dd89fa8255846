// Issue 31: the news list and articles come from the database, so the API renders them when asked
// for, from the app's own components (the web build's SSR bundle): a visitor without JavaScript
// reads them, an unknown article is a real 404, and the app takes over as on the other pages.
import { describe, expect, it } from 'vitest';
import { SEED_ARTICLES } from '../../api/src/database/seeders/news-articles';
import { PHONE } from './harness';
import { useServerAndBrowser } from './flows';

const session = useServerAndBrowser();
const newest = [...SEED_ARTICLES].sort((a, b) => b.publishedAt.localeCompare(a.publishedAt))[0]!;
// A sentence of the article's body as the page shows it (markdown emphasis removed).
const bodyLine = (body: string): string =>
  body
    .split('\n')
    .find((line) => line.trim().length > 40 && !/^[#-]/.test(line.trim()))!
    .replace(/\*\*/g, '')
    .trim()
    .slice(0, 40);

describe('news pages as real HTML', () => {
  it('a visitor with JavaScript disabled reads the news list and an article', async () => {
    const context = await session.browser.newContext({
      baseURL: session.server.baseUrl,
      viewport: PHONE,
      javaScriptEnabled: false,
    });
    const page = await context.newPage();
    await page.goto('/news');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(/news/i);
    expect(await page.getByRole('heading', { level: 2, name: newest.title }).count()).toBe(1);
    expect(await page.getByRole('status').count(), 'a spinner').toBe(0);

    const response = await page.goto(`/news/${newest.slug}`);
    expect(response?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(newest.title);
    expect(await page.locator('main article').innerText()).toContain(bodyLine(newest.body));
    expect(await page.title()).toBe(`${newest.title} | Reclaim`);

    const missing = await page.goto('/news/no-such-article-here');
    expect(missing?.status()).toBe(404);
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toMatch(/not found/i);
    await context.close();
  });

  it('the app takes over a rendered article and keeps showing it', async () => {
    const page = await session.fresh(PHONE);
    await page.goto(`/news/${newest.slug}`);
    await page.locator('#root:not([data-prerendered])').waitFor({ state: 'attached', timeout: 20_000 });
    await expect.poll(() => page.getByRole('heading', { level: 1 }).innerText()).toBe(newest.title);
  });
});
