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

const template = readFileSync(join(dist, 'index.html'), 'utf8');

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
