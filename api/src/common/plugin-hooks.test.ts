import { existsSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  compressOnlyAboveThreshold,
  noRequestDecompressionWithoutBody,
  registerMultipart,
  takesNoBody,
} from './plugin-hooks';

const THRESHOLD = 1024;

/** The three plugins as bootstrap.ts registers them. */
async function app(): Promise<FastifyInstance> {
  const f = Fastify();
  noRequestDecompressionWithoutBody(f);
  await f.register(compress, { global: true, threshold: THRESHOLD, encodings: ['br', 'gzip'] });
  compressOnlyAboveThreshold(f, THRESHOLD);
  await registerMultipart(f, { limits: { files: 1 } });
  return f;
}

let f: FastifyInstance | undefined;
afterEach(async () => {
  await f?.close();
  f = undefined;
});

describe('plugin hooks only where they can do something', () => {
  it('takesNoBody: GET and HEAD only', () => {
    expect(takesNoBody({ method: 'GET' })).toBe(true);
    expect(takesNoBody({ method: ['GET', 'HEAD'] })).toBe(true);
    expect(takesNoBody({ method: 'POST' })).toBe(false);
    expect(takesNoBody({ method: ['GET', 'POST'] })).toBe(false);
  });

  it('answers are compressed above the threshold and sent as they are below it', async () => {
    f = await app();
    f.get('/text/:n', (request) => ({ text: 'a'.repeat(Number((request.params as { n: string }).n)) }));
    f.get('/wide', () => ({ text: 'é'.repeat(1000) }));
    const small = await f.inject({ method: 'GET', url: '/text/900', headers: { 'accept-encoding': 'gzip' } });
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.headers.vary).toBeUndefined();
    expect(small.json()).toEqual({ text: 'a'.repeat(900) });
    // Non-ASCII: the byte length decides, as in the plugin (1,000 characters, 2,000+ bytes).
    for (const url of ['/text/2000', '/wide']) {
      const big = await f.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(big.headers['content-encoding']).toBe('gzip');
      expect(String(big.headers.vary)).toMatch(/accept-encoding/i);
      expect(JSON.parse(gunzipSync(big.rawPayload).toString('utf8'))).toHaveProperty('text');
    }
  });

  it('compressed request bodies are still inflated on routes that read a body', async () => {
    f = await app();
    f.post('/echo', (request) => request.body);
    const res = await f.inject({
      method: 'POST',
      url: '/echo',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ hello: 'world' })),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ hello: 'world' });
  });

  it("multipart's clean-up runs after requests that may have a multipart body, not after a GET", async () => {
    f = await app();
    let saved: string[] = [];
    f.post('/upload', async (request) => {
      saved = (await request.saveRequestFiles()).map((file) => file.filepath);
      expect(saved.every((p) => existsSync(p))).toBe(true);
      return { saved: saved.length };
    });
    let cleanups = 0;
    f.get('/read', (request) => {
      request.cleanRequestFiles = () => {
        cleanups++;
        return Promise.resolve();
      };
      return { ok: true };
    });
    const boundary = 'x-boundary';
    const body =
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\n` +
      `Content-Type: text/plain\r\n\r\nhello\r\n--${boundary}--\r\n`;
    const res = await f.inject({
      method: 'POST',
      url: '/upload',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });
    expect(res.json()).toEqual({ saved: 1 });
    // The temporary file is deleted once the response is sent (the plugin's own hook).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(saved.length).toBe(1);
    expect(existsSync(saved[0]!)).toBe(false);
    expect((await f.inject({ method: 'GET', url: '/read' })).statusCode).toBe(200);
    expect(cleanups).toBe(0);
  });
});
