// Build-time prerendering (issue 31): after `vite build` (the app) and `vite build --ssr` (the
// server entry, web/src/prerender/entry-server.tsx), writes each public page's HTML to
// dist/_pages/<path>/index.html (with brotli and gzip siblings): the app's index.html with the
// page rendered into #root and the page's own title. The API serves it for that route.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const web = fileURLToPath(new URL('..', import.meta.url));
const dist = join(web, 'dist');
// The SSR bundle stays in dist/_ssr: the API renders the news pages with it at request time.
const ssr = join(dist, '_ssr');
const { renderPage, publicPaths, toDocument } = await import(
  pathToFileURL(join(ssr, 'entry-server.js')).href
);

// The app's stylesheet goes inline (lcp31): the page then paints from its HTML alone, without a
// render-blocking request that shares a slow line with the app's scripts. The app itself needs no
// <link> to it (Vite puts the entry's CSS in index.html only), so the page keeps no copy of it.
const STYLESHEET = /<link rel="stylesheet" crossorigin href="\/assets\/(index-[\w-]+\.css)">/;
const built = readFileSync(join(dist, 'index.html'), 'utf8');
const stylesheet = STYLESHEET.exec(built)?.[1];
if (!stylesheet) throw new Error("index.html links no stylesheet of the app's to inline");
const css = readFileSync(join(dist, 'assets', stylesheet), 'utf8');
if (css.includes('</style')) throw new Error(`${stylesheet} cannot be inlined`);
const template = built.replace(STYLESHEET, () => `<style>${css}</style>`);

rmSync(join(dist, '_pages'), { recursive: true, force: true });
let count = 0;
for (const path of publicPaths()) {
  const html = toDocument(template, path, await renderPage(path));
  const file = join(dist, '_pages', path, 'index.html');
  mkdirSync(dirname(file), { recursive: true });
  const bytes = Buffer.from(html);
  writeFileSync(file, bytes);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(bytes, { level: 9 }));
  count += 1;
}
console.log(`prerendered ${count} public pages into dist/_pages`);
