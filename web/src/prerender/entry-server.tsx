// Build-time prerendering (issue 31): the public pages rendered to HTML from the app's own routes,
// components and site data, so their content paints before any script runs. Run by
// web/scripts/prerender.ts after the client build; never shipped to the browser.
import { prerenderToNodeStream } from 'react-dom/static';
import { Provider } from 'react-redux';
import { StaticRouterProvider, createStaticHandler, createStaticRouter } from 'react-router';
import servicesFile from '@site/services.json';
import { routes } from '../app/router';
import { store } from '../app/store';

/** Every public page whose content comes from the site data (news comes from the API at run time). */
export function publicPaths(): string[] {
  const { services } = servicesFile as { services: { pagePath?: string | null; isActive?: boolean }[] };
  const pages = services.flatMap((s) => (s.isActive !== false && s.pagePath ? [s.pagePath] : []));
  return [
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
export async function renderPage(path: string): Promise<string> {
  const context = await handler.query(new Request(`http://localhost${path}`));
  if (context instanceof Response) throw new Error(`${path}: the router answered with a redirect`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <Provider store={store}>
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
