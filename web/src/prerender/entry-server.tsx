// Build-time prerendering (issue 31): the public pages rendered to HTML from the app's own routes,
// components and site data, so their content paints before any script runs. Run by
// web/scripts/prerender.mjs after the client build, and by the API for the news pages at request
// time (built into dist/_ssr, never served); never shipped to the browser.
import { prerenderToNodeStream } from 'react-dom/static';
import { Provider } from 'react-redux';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import servicesFile from '@site/services.json';
import { routes } from '../app/router';
import { makeStore, store, type AppStore } from '../app/store';
import { publicApi, type NewsArticle, type NewsSummary, type Paginated } from '../features/public/public-api';

/**
 * Every public page whose content comes from the site data (news comes from the API at run time),
 * the home page included: its content paints from the HTML, and the light shell (main.tsx) renders
 * the same markup over it.
 */
export function publicPaths(): string[] {
  const { services } = servicesFile as { services: { pagePath?: string | null; isActive?: boolean }[] };
  const pages = services.flatMap((s) => (s.isActive !== false && s.pagePath ? [s.pagePath] : []));
  return [
    '/',
    '/services',
    ...new Set(pages),
    '/about',
    '/contact',
    '/terms',
    '/terms-of-service',
    '/privacy-policy',
    '/cookies-policy',
    '/sitemap',
    '/eligibility-checker',
  ];
}

const handler = createStaticHandler(routes);

/** The page at `path` as the HTML of `#root`, every lazy page chunk resolved. */
export async function renderPage(path: string, pageStore: AppStore = store): Promise<string> {
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path}: the router answered with a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <Provider store={pageStore}>
      <StaticRouterProvider router={router} context={context} hydrate={false} />
    </Provider>,
    // One document, every boundary in place: no hidden segments and no inline script to move
    // them (the CSP allows no inline script, and a visitor without JavaScript would see spinners).
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * What the API renders at request time (news lives in the database, not the site data): the news
 * list (one page of it), an article, or the app's own not-found page. The data is what the API's
 * JSON routes answer, put in a fresh store's cache so the pages render it instead of a spinner.
 */
export type NewsRender =
  | { kind: 'list'; page: number; data: Paginated<NewsSummary> }
  | { kind: 'article'; slug: string; data: NewsArticle }
  | { kind: 'not-found' };

export async function renderNews(request: NewsRender): Promise<string> {
  const pageStore = makeStore();
  if (request.kind === 'list') {
    await pageStore.dispatch(publicApi.util.upsertQueryData('getNews', { page: request.page }, request.data));
    return renderPage(request.page > 1 ? `/news?page=${request.page}` : '/news', pageStore);
  }
  if (request.kind === 'article') {
    await pageStore.dispatch(publicApi.util.upsertQueryData('getNewsArticle', request.slug, request.data));
    return renderPage(`/news/${encodeURIComponent(request.slug)}`, pageStore);
  }
  // A path no route but the catch-all matches: the app's own "page not found".
  return renderPage('/news/_/not-found', pageStore);
}

const decode = (text: string): string =>
  text
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
const escapeText = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export const ROOT = '<div id="root"></div>';

/**
 * The built index.html with `body` (a rendered page) in #root and the title the app gives the page
 * ("<h1> | Reclaim"). Throws when the page is incomplete (no h1, a pending or failed boundary, a
 * script). Used by the build (web/scripts/prerender.mjs) and the API's request-time render.
 */
export function toDocument(template: string, path: string, body: string): string {
  if (!template.includes(ROOT)) throw new Error('index.html has no empty #root to fill');
  if (!body.includes('<h1')) throw new Error(`${path}: the prerendered page has no heading`);
  if (body.includes('<script') || body.includes('<!--$?') || body.includes('<!--$!'))
    throw new Error(
      `${path}: a part of the page was not rendered (a pending or failed boundary, or a script)`,
    );
  const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(body);
  // Form controls wait for the app: what a visitor typed or chose before the app renders over the
  // page would be lost, and a form's button would submit it natively, so until then they are
  // disabled (the app's own render enables them). A button outside a form (the header's menu)
  // holds nothing to lose and stays as the app renders it: disabled it would look dimmed until the
  // takeover, a visible change on every page (lcp31).
  const disable = (html: string, tags: string): string =>
    html.replace(new RegExp(`<(${tags})\\b(?![^>]*\\sdisabled)`, 'g'), '<$1 disabled=""');
  const inert = disable(body, 'input|textarea|select').replace(/<form\b[\s\S]*?<\/form>/g, (form) =>
    disable(form, 'button'),
  );
  let html = template.replace(ROOT, () => `<div id="root" data-prerendered="">${inert}</div>`);
  // The title RouteFocus gives the page in the app: "<h1> | Reclaim"; the home page keeps the
  // site title the template has.
  if (heading && path !== '/')
    html = html.replace(
      /<title>[^<]*<\/title>/,
      () => `<title>${escapeText(decode(heading[1] ?? '').trim())} | Reclaim</title>`,
    );
  return html;
}
