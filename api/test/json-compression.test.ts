import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';

// Large JSON answers (a published definition, a results page) travel compressed when the browser
// accepts it; small ones and clients that do not ask are answered as they are.
describe('JSON responses', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  const url = '/api/definitions/sdlt_refund/published/';

  it('are gzip- or brotli-compressed when accepted, with Vary: Accept-Encoding', async () => {
    const plain = await t.request({ method: 'GET', url });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const gz = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.statusCode).toBe(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(String(gz.headers.vary)).toMatch(/accept-encoding/i);
    const body = gunzipSync(gz.rawPayload).toString('utf8');
    expect(JSON.parse(body)).toEqual(plain.json());
    expect(gz.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    const br = await t.request({ method: 'GET', url, headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
  });

  it('are sent as they are when small', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/health/',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
  });
});
