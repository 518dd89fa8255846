/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- response bodies are read as untyped JSON; the assertions are what check their shape */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast, type Cast } from './fixtures/domain';
import { createTestApp, type TestApp } from './helpers/app';

// Issue 9: the studio's checks (in words, screen + field) and the plain-English diff, over the API.
describe('adviser studio: checks and diff', () => {
  let t: TestApp;
  let cast: Cast;
  let published: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- edited freely below
  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
    published = (await t.request({ method: 'GET', url: '/api/definitions/sdlt_refund/published/' })).json()
      .definition;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('POST check: bands out of order are named in words, nothing is saved', async () => {
    const draft = structuredClone(published);
    draft.eligibility.bands.find((b: { likelihood: string }) => b.likelihood === 'Possible').min = 80;
    const res = await t.request({
      method: 'POST',
      url: '/api/definitions/sdlt_refund/check/',
      headers: cast.staff.headers,
      payload: { definition: draft },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().checks).toContainEqual(
      expect.objectContaining({
        severity: 'error',
        code: 'bands-order',
        screen: 'Scoring',
        field: 'Bands · Possible at or above',
        message: expect.stringContaining('must be lower than “Likely at or above” (75)'),
      }),
    );
    const versions = await t.request({
      method: 'GET',
      url: '/api/definitions/',
      headers: cast.staff.headers,
    });
    expect(versions.json().filter((v: { id: string; status: string }) => v.status === 'draft')).toEqual([]);
    const client = await t.request({
      method: 'POST',
      url: '/api/definitions/sdlt_refund/check/',
      headers: cast.clientA.headers,
      payload: { definition: draft },
    });
    expect(client.statusCode).toBe(403);
  });

  it('a saved draft carries its checks; its diff against the version in force reads as sentences', async () => {
    const draft = structuredClone(published);
    draft.eligibility.bands.find((b: { likelihood: string }) => b.likelihood === 'Likely').min = 70;
    draft.tests = [];
    const saved = await t.request({
      method: 'PUT',
      url: '/api/definitions/sdlt_refund/draft/',
      headers: cast.staff.headers,
      payload: { definition: draft },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const version = saved.json().version as number;
    const got = await t.request({
      method: 'GET',
      url: `/api/definitions/sdlt_refund/drafts/${version}/`,
      headers: cast.staff.headers,
    });
    expect(got.statusCode).toBe(200);
    expect(got.json().checks.filter((c: { severity: string }) => c.severity === 'error')).toEqual([]);
    const diff = await t.request({
      method: 'GET',
      url: `/api/definitions/sdlt_refund/drafts/${version}/diff/`,
      headers: cast.staff.headers,
    });
    expect(diff.statusCode, diff.body).toBe(200);
    expect(diff.json()).toMatchObject({ from_version: published.version, to_version: version });
    expect(diff.json().changes).toContainEqual({
      screen: 'Scoring',
      kind: 'changed',
      path: '/eligibility/bands/0/min',
      sentence: 'Likely threshold: 75 → 70',
    });
  });

  it('two advisers on one draft: a save from a stale checksum is refused naming who saved it and when', async () => {
    const draft = structuredClone(published);
    draft.tests = [];
    const first = await t.request({
      method: 'PUT',
      url: '/api/definitions/sdlt_refund/draft/',
      headers: cast.staff.headers,
      payload: { definition: draft },
    });
    expect(first.statusCode, first.body).toBe(200);
    const opened = first.json().checksum as string;
    draft.title = 'SDLT Refund (edited by the admin)';
    const second = await t.request({
      method: 'PUT',
      url: '/api/definitions/sdlt_refund/draft/',
      headers: cast.admin.headers,
      payload: { definition: draft, base_checksum: opened },
    });
    expect(second.statusCode, second.body).toBe(200);
    draft.title = 'SDLT Refund (edited by staff)';
    const stale = await t.request({
      method: 'PUT',
      url: '/api/definitions/sdlt_refund/draft/',
      headers: cast.staff.headers,
      payload: { definition: draft, base_checksum: opened },
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(
      /^Draft v\d+ was changed by .+ at \d\d:\d\d on \d{4}-\d\d-\d\d \(UTC\); reload it to see their changes before saving\.$/,
    );
    expect(stale.json().changed_by).toMatchObject({ id: cast.admin.id });
    const got = await t.request({
      method: 'GET',
      url: `/api/definitions/sdlt_refund/drafts/${first.json().version as number}/`,
      headers: cast.staff.headers,
    });
    expect(got.json().title).toBe('SDLT Refund (edited by the admin)');
  });
});
