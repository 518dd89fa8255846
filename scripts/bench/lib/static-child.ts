// The web bench's baseline server: a built folder served by Fastify + @fastify/static with
// `preCompressed` (the .br/.gz siblings written at build time), the same cache headers as the
// product (api/src/web-app.ts: immutable for hashed /assets/, no-cache for index.html) and an
// index.html fallback for client-side routes. Run as a child process, as the product's server is:
// `startChild(file, [dir])` answers with its URL.
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import { serveChild } from './child';

async function start(root: string): Promise<string> {
  const app = Fastify({ logger: false });
  await app.register(fastifyStatic, { root, serve: false, index: false, preCompressed: true });
  app.get('/*', (request, reply) => {
    const path = decodeURIComponent((request.url.split('?')[0] ?? '/').replace(/^\/+/, ''));
    let file = join(root, path);
    // a directory with an index.json (the baseline's copy of an API answer) answers with it
    if (path !== '' && existsSync(file) && statSync(file).isDirectory()) file = join(file, 'index.json');
    const rel = file.slice(root.length).replace(/^\/+/, '');
    if (path !== '' && !path.includes('..') && existsSync(file) && statSync(file).isFile()) {
      void reply.header(
        'Cache-Control',
        rel.startsWith('assets/') ? 'public, max-age=31536000, immutable' : 'public, max-age=300',
      );
      return reply.sendFile(rel, { cacheControl: false });
    }
    void reply.header('Cache-Control', 'no-cache');
    return reply.sendFile('index.html', { cacheControl: false });
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  return `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
}

if (process.send) serveChild(() => start(process.argv[2] ?? ''));
