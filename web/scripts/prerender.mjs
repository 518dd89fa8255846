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
const ssr = join(web, '.prerender');
const { renderPage, publicPaths } = await import(pathToFileURL(join(ssr, 'entry-server.js')).href);

const template = readFileSync(join(dist, 'index.html'), 'utf8');
const ROOT = '<div id="root"></div>';
if (!template.includes(ROOT)) throw new Error('dist/index.html has no empty #root to fill');

const decode = (text) =>
  text
    .replace(/<[^>]+>/g, '')
    .replace(/&amp;/g, '&')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>');
const escape = (text) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

rmSync(join(dist, '_pages'), { recursive: true, force: true });
let count = 0;
for (const path of publicPaths()) {
  const body = await renderPage(path);
  if (!body.includes('<h1')) throw new Error(`${path}: the prerendered page has no heading`);
  if (body.includes('<script') || body.includes('<!--$?') || body.includes('<!--$!'))
    throw new Error(
      `${path}: a part of the page was not rendered (a pending or failed boundary, or a script)`,
    );
  const heading = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(body);
  // Form controls wait for the app: what a visitor typed before the app renders over the page would
  // be lost, so until then they are disabled (the app's own render enables them).
  const inert = body.replace(/<(input|textarea|select|button)\b(?![^>]*\sdisabled)/g, '<$1 disabled=""');
  let html = template.replace(ROOT, `<div id="root" data-prerendered="">${inert}</div>`);
  // The title RouteFocus gives the page in the app: "<h1> | Reclaim".
  if (heading)
    html = html.replace(
      /<title>[^<]*<\/title>/,
      `<title>${escape(decode(heading[1]).trim())} | Reclaim</title>`,
    );
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
rmSync(ssr, { recursive: true, force: true });
console.log(`prerendered ${count} public pages into dist/_pages`);
