/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- response bodies are read as untyped JSON; the assertions are what check their shape */
import { MikroORM } from '@mikro-orm/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTestDatabaseUrl } from '../src/config/config';
import { ActivityLog } from '../src/modules/activity-logs/activity-log.entity';
import { Assessment } from '../src/modules/assessments/assessment.entity';
import { DocumentTask } from '../src/modules/assessments/document-task.entity';
import { ClaimDraft } from '../src/modules/claim-drafts/claim-draft.entity';
import { createCast, multipart, pdfBytes, submitClaim, type Cast } from './fixtures/domain';
import { createSecondApp, createTestApp, type TestApp } from './helpers/app';

// The client signs a draft claim while staff regenerate it or edit it (review of issue 30 §1).
// Between the client reading the draft and signing it, the facts under it change (here: the
// assessment's answers, as a parameter or date change would), so a regenerate changes the text.
// Each round asserts: what is signed is exactly the draft the client read (its checksum, the
// facts, the text), a regenerate never changes or removes a signed draft, and a signature on a
// draft changed since it was read is a 409 that writes nothing. On PostgreSQL the two requests go
// to two app instances on one database (separate pools); on SQLite to one (one writer).

const onPostgres = readTestDatabaseUrl() !== null;
const ROUNDS = onPostgres ? 24 : 9;
const today = () => new Date().toISOString().slice(0, 10);

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- response bodies are untyped JSON
type Json = Record<string, any>;

function answers(sdltPaid: number): Record<string, unknown> {
  const purchase = new Date();
  purchase.setUTCMonth(purchase.getUTCMonth() - 6);
  return {
    propertyNationSDR: 'england',
    propertyTypeSDR: 'Mixed-Use',
    purchaseDateSDR: purchase.toISOString().slice(0, 10),
    purchasePriceSDR: 300000,
    sdltPaidSDR: sdltPaid,
    firstTimeBuyerSDR: false,
    multipleDwellingsSDR: false,
    additionalPropertySDR: false,
    nonUkResidentSDR: false,
    propertyUninhabitableSDR: false,
    hasAnnexeSDR: false,
    partialBusinessUseSDR: true,
    linkedTransactionsSDR: false,
    multipleOwnersSDR: false,
  };
}

describe('signing a claim draft while staff regenerate or edit it', () => {
  let a: TestApp;
  let b: TestApp;
  let cast: Cast;

  const em = () => a.app.get(MikroORM).em.fork();
  const ok = (res: LightMyRequestResponse, what: string): Json => {
    expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
    return res.json<Json>();
  };
  const drafts = (claimId: string) => `/api/claims/${claimId}/drafts`;
  const generate = (on: TestApp, claimId: string) =>
    on.request({ method: 'POST', url: `${drafts(claimId)}/`, headers: cast.staff.headers });
  const edit = (on: TestApp, claimId: string, draftId: string, text: string) =>
    on.request({
      method: 'PUT',
      url: `${drafts(claimId)}/${draftId}/`,
      headers: cast.staff.headers,
      payload: { sections: [{ id: 'grounds', text }] },
    });
  const sign = (on: TestApp, claimId: string, draftId: string, checksum: string) =>
    on.request({
      method: 'POST',
      url: `${drafts(claimId)}/${draftId}/sign/`,
      headers: cast.clientA.headers,
      payload: { full_name: 'Ann Buyer', date: today(), checksum },
    });
  const read = async (claimId: string): Promise<Json> => {
    const list = ok(
      await a.request({ method: 'GET', url: `${drafts(claimId)}/`, headers: cast.clientA.headers }),
      'list',
    );
    expect(list.results).toHaveLength(1);
    return list.results[0] as Json;
  };

  /** A claim whose one draft the client may sign: the draft as the client reads it. */
  async function readyDraft(): Promise<{
    claimId: string;
    assessmentId: string;
    draft: Json;
    facts: Record<string, unknown>;
  }> {
    const { claimId, assessmentId } = await submitClaim(
      a,
      cast.clientA.headers,
      'sdlt_refund',
      answers(5000),
    );
    const [generated] = ok(await generate(a, claimId), 'generate').results as Json[];
    ok(
      await a.request({
        method: 'PUT',
        url: `${drafts(claimId)}/fields/`,
        headers: cast.clientA.headers,
        payload: {
          utrn: '123456789MC',
          purchasers: 'Ann Buyer, 1 High Street, Leeds LS1 1AA',
          property_address: '1 High Street, Leeds LS1 1AA',
          bank_account_name: 'Ann Buyer',
          bank_sort_code: '12-34-56',
          bank_account_number: '12345678',
        },
      }),
      'fields',
    );
    ok(
      await edit(a, claimId, generated!.id as string, 'Mixed-use rates apply: {{sdltTaxDue|money}} was due.'),
      'edit',
    );
    const task = await em().findOneOrFail(DocumentTask, {
      assessment: assessmentId,
      requirementId: 'sdlt1_return',
    });
    const body = multipart(
      { name: 'return.pdf', content: pdfBytes(), type: 'application/pdf' },
      { task_id: task.id },
    );
    const upload = await a.request({
      method: 'POST',
      url: '/api/documents/',
      headers: { ...cast.clientA.headers, ...body.headers },
      payload: body.payload,
    });
    expect(upload.statusCode, upload.body).toBe(201);
    const draft = await read(claimId);
    expect(draft.ready_to_sign).toBe(true);
    expect(draft.checksum).toMatch(/^[0-9a-f]{64}$/);
    const row = await em().findOneOrFail(ClaimDraft, { id: draft.id as string }, { populate: ['facts'] });
    return { claimId, assessmentId, draft, facts: row.facts };
  }

  beforeAll(async () => {
    a = await createTestApp();
    b = onPostgres ? await createSecondApp(a, { migrate: false }) : a;
    cast = await createCast(a);
  }, 60_000);
  afterAll(async () => {
    if (b !== a) await b?.close();
    await a?.close();
  });

  it('a signature with the checksum of another text is a 409 and signs nothing', async () => {
    const { claimId, draft } = await readyDraft();
    const res = await sign(a, claimId, draft.id as string, '0'.repeat(64));
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json<Json>()).toMatchObject({
      message: expect.stringMatching(/^The draft was changed since you opened it; nothing was signed/),
      checksum: draft.checksum,
    });
    expect((await read(claimId)).signed).toBeNull();
  });

  it(`two regenerates of a new claim at once, ${ROUNDS} rounds: both 200, one draft per route`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { claimId } = await submitClaim(a, cast.clientA.headers, 'sdlt_refund', answers(5000));
      const both = await Promise.all([generate(a, claimId), generate(b, claimId)]);
      const label = `round ${round}: ${both.map((r) => `${r.statusCode} ${r.body.slice(0, 200)}`).join(' | ')}`;
      expect(
        both.map((r) => r.statusCode),
        label,
      ).toEqual([200, 200]);
      const ids = both.map((r) => (r.json<Json>().results as Json[]).map((d) => d.id as string));
      expect(ids[0], label).toEqual(ids[1]);
      expect(await em().count(ClaimDraft, { claim: claimId }), label).toBe(ids[0]!.length);
    }
  }, 300_000);

  it(`sign racing a regenerate (2 rounds in 3) or an edit (1 in 3), ${ROUNDS} rounds: what is signed is what was read`, async () => {
    const outcomes = { signed: 0, refused: 0 };
    for (let round = 0; round < ROUNDS; round++) {
      const { claimId, assessmentId, draft: seen, facts } = await readyDraft();
      const draftId = seen.id as string;
      const byEdit = round % 3 === 2;
      // The facts change under the draft: a regenerate from now on gives another text.
      await em().nativeUpdate(Assessment, { id: assessmentId }, { answers: answers(6000 + round) });
      const change = () =>
        byEdit
          ? edit(b, claimId, draftId, `Round ${round}: grounds rewritten by staff.`)
          : generate(b, claimId);
      const signing = () => sign(a, claimId, draftId, seen.checksum as string);
      const [signRes, changeRes] =
        round % 2 === 0
          ? await Promise.all([signing(), change()])
          : await Promise.all([change(), signing()]).then(([c, s]) => [s, c] as const);
      const label = `round ${round}: sign ${signRes.statusCode} ${signRes.body.slice(0, 300)} / ${byEdit ? 'edit' : 'generate'} ${changeRes.statusCode} ${changeRes.body.slice(0, 300)}`;
      expect([200, 409], label).toContain(signRes.statusCode);
      if (byEdit) {
        // Exactly one of the two: an edit after the signature is refused, and so is the reverse.
        expect([signRes.statusCode, changeRes.statusCode].sort(), label).toEqual([200, 409]);
      } else {
        // A regenerate always succeeds: it leaves a signed draft as it is.
        expect(changeRes.statusCode, label).toBe(200);
      }
      const now = await read(claimId);
      const row = await em().findOneOrFail(ClaimDraft, { id: draftId }, { populate: ['facts'] });
      const signedLog = await em().findOne(ActivityLog, { action: 'claim_draft_signed', targetId: draftId });
      if (signRes.statusCode === 200) {
        outcomes.signed++;
        // The signed draft is exactly the one read: same checksum, same text, same facts.
        expect(signRes.json<Json>().checksum, label).toBe(seen.checksum);
        expect(now.signed, label).toMatchObject({ name: 'Ann Buyer', date: today() });
        expect(now.checksum, label).toBe(seen.checksum);
        const text = (d: Json) => (d.sections as Json[]).filter((x) => x.id !== 'declaration');
        expect(text(now), label).toEqual(text(seen));
        expect(row.facts, label).toEqual(facts);
        expect(row.pdfSha256, label).toMatch(/^[0-9a-f]{64}$/);
        expect(signedLog?.detail, label).toMatchObject({
          checksum: seen.checksum,
          pdf_sha256: row.pdfSha256,
        });
        if (!byEdit) {
          const regenerated = (changeRes.json<Json>().results as Json[]).find((d) => d.id === draftId);
          expect(regenerated?.checksum, label).toBe(seen.checksum);
        }
      } else {
        outcomes.refused++;
        // The change came first: nothing is signed, and the draft is the changed one.
        expect(signRes.json<Json>().message, label).toMatch(/^The draft was changed since you opened it/);
        expect(now.signed, label).toBeNull();
        expect(now.checksum, label).not.toBe(seen.checksum);
        expect(signRes.json<Json>().checksum, label).toBe(now.checksum);
        expect(row.signedAt, label).toBeNull();
        expect(row.pdfStorageName, label).toBeNull();
        expect(signedLog, label).toBeNull();
      }
      if (byEdit && changeRes.statusCode === 409)
        expect(changeRes.json<Json>().message, label).toBe(
          'The draft is signed; it can no longer be changed',
        );
    }
    console.log(`claim drafts: ${outcomes.signed} signatures won, ${outcomes.refused} refused as changed`);
  }, 600_000);
});
