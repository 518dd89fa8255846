/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- response bodies are read as untyped JSON */
import { readdirSync } from 'node:fs';
import { MikroORM } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { multipart, pdfBytes, sdltAnswers } from './fixtures/domain';
import { bearer, createTestApp, registerUser, type TestApp } from './helpers/app';

// SECURITY row 27: after erasure no personal data outside held records. Every table is read
// whole and every row that still carries one of the user's personal values must belong to a
// record under a legal hold (the claim, its assessment, document and message thread).
describe('erasure honours legal holds (row 27)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  async function allRows(): Promise<{ table: string; row: Record<string, unknown>; text: string }[]> {
    const orm = t.app.get(MikroORM);
    const conn = orm.em.getConnection();
    const tables = [
      ...new Set(
        Object.values(orm.getMetadata().getAll())
          .filter((m) => !m.embeddable && !m.virtual && m.tableName)
          .map((m) => m.tableName),
      ),
    ];
    const out: { table: string; row: Record<string, unknown>; text: string }[] = [];
    for (const table of tables) {
      const rows = await conn.execute<Record<string, unknown>[]>(`select * from "${table}"`);
      for (const row of rows) out.push({ table, row, text: JSON.stringify(row).toLowerCase() });
    }
    return out;
  }

  it('the personal data left after erasure is only in held records; loose files are deleted from disk', async () => {
    const u = await registerUser(t);
    const agent = 'ErasureProbe/7.3 (personal-agent)';
    const headers = { ...bearer(u.access), 'user-agent': agent };
    const remoteAddress = '10.77.66.55';
    const req = (options: Parameters<TestApp['request']>[0]) =>
      t.request({ remoteAddress, ...options, headers: { ...headers, ...(options.headers ?? {}) } });

    const name = 'Zephyrine Quillfeather';
    expect(
      (
        await req({
          method: 'PATCH',
          url: '/users/current/',
          payload: { display_name: name, username: 'zquillfeather' },
        })
      ).statusCode,
    ).toBe(200);
    const draft = (
      await req({
        method: 'POST',
        url: '/api/assessment/save/',
        payload: { service_type: 'patent_box', answers: { hasPatents: true }, current_step: 0 },
      })
    ).json();
    const saved = (
      await req({
        method: 'POST',
        url: '/api/assessment/save/',
        payload: { service_type: 'sdlt_refund', answers: sdltAnswers(), current_step: 0 },
      })
    ).json();
    const claimId = (
      await req({ method: 'POST', url: '/api/assessment/submit/', payload: { assessment_id: saved.id } })
    ).json().claim_id as string;
    const upload = async (file: string, fields: Record<string, string>) => {
      const body = multipart({ name: file, content: pdfBytes() }, fields);
      const res = await req({
        method: 'POST',
        url: '/api/documents/',
        headers: body.headers,
        payload: body.payload,
      });
      expect(res.statusCode).toBe(201);
      return res.json().id as string;
    };
    const heldDoc = await upload('held-claim-evidence.pdf', { claim_id: claimId });
    const looseDoc = await upload('loose-private-scan.pdf', {});
    const heldThread = (
      await req({
        method: 'POST',
        url: '/api/messages/threads/',
        payload: { subject: 'About my claim', body: 'held message text', claim_id: claimId },
      })
    ).json().id as string;
    await req({
      method: 'POST',
      url: '/api/messages/threads/',
      payload: { subject: 'Loose subject', body: 'loose message text about my divorce' },
    });
    await t.request({
      method: 'POST',
      url: '/contact/',
      remoteAddress,
      headers: { 'user-agent': agent },
      payload: {
        name,
        email: u.email,
        phone: '07700 900123',
        subject: 'Hello',
        message: 'loose contact text',
      },
    });
    const uploadsBefore = readdirSync(t.config.dataPath('uploads'), { recursive: true }).length;

    const personal = [
      u.email,
      name,
      'zquillfeather',
      agent,
      remoteAddress,
      '07700 900123',
      'loose-private-scan',
      'loose message text',
      'loose subject',
      'loose contact text',
    ].map((s) => s.toLowerCase());
    const before = (await allRows()).filter((r) => personal.some((p) => r.text.includes(p)));
    expect(before.length).toBeGreaterThan(5); // the probe finds the data while it is there

    const erased = await req({ method: 'DELETE', url: '/users/current/', payload: { password: u.password } });
    expect(erased.statusCode, erased.body).toBe(204);

    // Rows of held records: the claim and what hangs off it.
    const heldIds = [claimId, saved.id as string, heldDoc, heldThread].map((s) => s.toLowerCase());
    const leftovers = (await allRows())
      .filter((r) => personal.some((p) => r.text.includes(p)))
      .filter((r) => r.table === 'activity_logs' || !heldIds.some((id) => r.text.includes(id)))
      .map((r) => ({ table: r.table, found: personal.filter((p) => r.text.includes(p)), row: r.row }));
    expect(leftovers).toEqual([]);

    // The loose document's file is gone from disk, the held one stays.
    const files = readdirSync(t.config.dataPath('uploads'), { recursive: true }).map(String);
    expect(files.length).toBe(uploadsBefore - 1);
    const held = (await allRows()).find((r) => r.table === 'document' && r.row.id === heldDoc);
    expect(held).toBeDefined();
    expect((await allRows()).some((r) => r.table === 'document' && r.row.id === looseDoc)).toBe(false);
    // The unheld draft assessment is deleted (its id survives only as an activity row's target).
    expect((await allRows()).some((r) => r.table === 'assessment' && r.row.id === draft.id)).toBe(false);
  });

  it('erasure scrubs the IP and user agent of every session row (row 27, issue 10)', async () => {
    const u = await registerUser(t);
    const agent = 'SessionProbe/2.1 (erasure-check)';
    const remoteAddress = '10.88.44.22';
    const signIn = await t.request({
      method: 'POST',
      url: '/auth/login/',
      remoteAddress,
      headers: { 'user-agent': agent },
      payload: { username: u.email, password: u.password },
    });
    expect(signIn.statusCode).toBe(200);
    const mine = async () =>
      (await allRows()).filter(
        (r) => r.table === 'auth_sessions' && String(r.row.user_id).toLowerCase() === u.user.id.toLowerCase(),
      );
    const before = await mine();
    expect(before.length).toBe(2);
    expect(before.some((r) => r.row.ip === remoteAddress && r.row.user_agent === agent)).toBe(true);

    const erased = await t.request({
      method: 'DELETE',
      url: '/users/current/',
      headers: bearer(u.access),
      payload: { password: u.password },
    });
    expect(erased.statusCode, erased.body).toBe(204);
    const after = await mine();
    expect(after.length).toBe(2); // the ended sessions stay as security records
    for (const r of after) {
      expect(r.row.ip).toBeNull();
      expect(r.row.user_agent).toBeNull();
      expect(r.row.revoked_at).not.toBeNull();
    }
    const tokens = (await allRows()).filter(
      (r) => r.table === 'refresh_tokens' && before.some((s) => s.row.id === r.row.session_id),
    );
    expect(tokens).toEqual([]);
  });
});
