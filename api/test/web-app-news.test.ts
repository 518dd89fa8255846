import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast, type Cast } from './fixtures/domain';
import { createTestApp, type TestApp } from './helpers/app';

const INDEX_HTML = '<!doctype html><title>Reclaim SPA</title><div id="root"></div>';
// The web build's SSR bundle (web/src/prerender/entry-server.tsx) stands in as a small module with
// the same two exports: what the API hands it and how it answers is what this test checks (the
// real render is checked by tests/e2e/news-pages.test.ts against the real build).
const SSR = `
const esc = (s) => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;');
export async function renderNews(r) {
  if (r.kind === 'not-found') return '<h1>Page not found</h1>';
  if (r.kind === 'list')
    return '<h1>News</h1><p>page ' + r.page + '</p>' + r.data.results.map((a) => '<h2>' + esc(a.title) + '</h2>').join('');
  if (r.data.title.includes('explodes')) throw new Error('render failed');
  if (r.data.title.includes('hangs')) return new Promise(() => {});
  return '<h1>' + esc(r.data.title) + '</h1><div>' + esc(r.data.body) + '</div>';
}
export function toDocument(template, path, body) {
  return template.replace('<div id="root"></div>', () => '<div id="root" data-prerendered="">' + body + '</div>');
}
`;

describe('news pages rendered at request time (issue 31)', () => {
  let t: TestApp;
  let cast: Cast;
  let webDist: string;
  const html = (url: string) => t.request({ method: 'GET', url, headers: { accept: 'text/html' } });
  const publish = async (title: string, body: string): Promise<string> => {
    const created = await t.request({
      method: 'POST',
      url: '/api/news/',
      headers: cast.staff.headers,
      payload: { title, summary: 'Summary', body },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { slug } = created.json<{ slug: string }>();
    await t.request({ method: 'POST', url: `/api/news/${slug}/publish/`, headers: cast.staff.headers });
    return slug;
  };

  beforeAll(async () => {
    webDist = mkdtempSync(join(tmpdir(), 'reclaim-web-news-'));
    mkdirSync(join(webDist, '_ssr'));
    writeFileSync(join(webDist, 'index.html'), INDEX_HTML);
    writeFileSync(join(webDist, '_ssr', 'entry-server.js'), SSR);
    t = await createTestApp({ webDist });
    cast = await createCast(t);
  });
  afterAll(async () => {
    await t?.close();
    rmSync(webDist, { recursive: true, force: true });
  });

  it('an article is sent as HTML with its title and body; an edit shows on the next request', async () => {
    const slug = await publish('Rendered article one', 'The body <text> of the article');
    const res = await html(`/news/${slug}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.body).toContain('<h1>Rendered article one</h1>');
    expect(res.body).toContain('The body &lt;text> of the article');
    expect((await html(`/news/${slug}/`)).body).toContain('<h1>Rendered article one</h1>');
    await t.request({
      method: 'PATCH',
      url: `/api/news/${slug}/`,
      headers: cast.staff.headers,
      payload: { title: 'Rendered article, edited' },
    });
    expect((await html(`/news/${slug}`)).body).toContain('<h1>Rendered article, edited</h1>');
    // A fetch to the same path still gets the JSON.
    const json = await t.request({ method: 'GET', url: `/news/${slug}/` });
    expect(json.json()).toMatchObject({ slug, title: 'Rendered article, edited' });
  });

  it('the list is sent as HTML, one page of it; a page past the bound is not found', async () => {
    await publish('Listed article two', 'Body two');
    const res = await html('/news');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<p>page 1</p>');
    expect(res.body).toContain('<h2>Listed article two</h2>');
    expect((await html('/news/?page=2')).body).toContain('<p>page 2</p>');
    expect((await html('/news?page=abc')).body).toContain('<p>page 1</p>');
    expect((await html('/news?page=5000')).statusCode).toBe(404);
  });

  it('an unknown, unpublished or malformed slug gets the not-found page with status 404', async () => {
    for (const url of ['/news/no-such-article', '/news/Not_A_Slug', `/news/${'a'.repeat(300)}`]) {
      const res = await html(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.body, url).toContain('<h1>Page not found</h1>');
    }
  });

  it('a render that fails or hangs sends the app instead (never a 500)', async () => {
    const failing = await publish('This render explodes', 'x');
    const res = await html(`/news/${failing}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(INDEX_HTML);
    const hanging = await publish('This render hangs', 'x');
    const slow = await html(`/news/${hanging}`);
    expect(slow.statusCode).toBe(200);
    expect(slow.body).toBe(INDEX_HTML);
  });

  it('does not serve the SSR bundle as a file', async () => {
    const res = await t.request({ method: 'GET', url: '/_ssr/entry-server.js' });
    expect(res.body).not.toContain('renderNews');
  });
});
