/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- response bodies are read as untyped JSON; the assertions are what check their shape */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast, sdltAnswers, type Cast } from './fixtures/domain';
import { createTestApp, type TestApp } from './helpers/app';
import { mailBody, readOutbox } from './helpers/mail';

// Issue 11: the amount repaid and our fee are fields of the claim, recorded when staff move it to
// paid, not a sentence in a note.
describe('claim repayment: amount repaid and fee at Paid', () => {
  let t: TestApp;
  let cast: Cast;
  let claimId: string;
  let assessmentId: string;

  const move = (payload: Record<string, unknown>, headers = cast.staff.headers) =>
    t.request({ method: 'POST', url: `/api/claims/${claimId}/status/`, headers, payload });

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
    const saved = await t.request({
      method: 'POST',
      url: '/api/assessment/save/',
      headers: cast.clientA.headers,
      payload: { service_type: 'sdlt_refund', answers: sdltAnswers(), current_step: 0 },
    });
    const submitted = await t.request({
      method: 'POST',
      url: '/api/assessment/submit/',
      headers: cast.clientA.headers,
      payload: { assessment_id: saved.json().id },
    });
    claimId = submitted.json().claim_id;
    assessmentId = saved.json().id;
    for (const status of ['in_review', 'ready_to_file', 'filed']) {
      expect((await move({ status, note: status })).statusCode).toBe(200);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a claim not yet paid has no amount repaid or fee, and refuses them', async () => {
    const early = await move({ status: 'accepted', note: 'HMRC agreed.', amount_repaid: 100 });
    expect(early.statusCode).toBe(400);
    expect(early.json().errors).toEqual([
      { field: 'amount_repaid', message: 'An amount repaid is recorded only when a claim is paid' },
    ]);
    const accepted = await move({ status: 'accepted', note: 'HMRC agreed.' });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', amount_repaid: null, fee: null });
    // Where it may go next comes with it, from the one status machine (claim-status.ts).
    expect(accepted.json().next_statuses).toEqual(['paid']);
  });

  it('Paid needs the amount repaid; both amounts are non-negative pounds with pence at most, bounded', async () => {
    const missing = await move({ status: 'paid', note: 'Paid.', fee: 100 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual([
      { field: 'amount_repaid', message: 'Enter the amount repaid: it is required when a claim is paid' },
    ]);
    const bad: [Record<string, unknown>, string, string][] = [
      [{ amount_repaid: -1 }, 'amount_repaid', 'Amount repaid cannot be negative'],
      [
        { amount_repaid: 10.005 },
        'amount_repaid',
        'Amount repaid must be an amount in pounds with at most 2 decimal places',
      ],
      [
        { amount_repaid: '100' },
        'amount_repaid',
        'Amount repaid must be an amount in pounds with at most 2 decimal places',
      ],
      [{ amount_repaid: 100_000_000.01 }, 'amount_repaid', 'Amount repaid cannot be more than £100,000,000'],
      [{ amount_repaid: 100, fee: -0.01 }, 'fee', 'Fee cannot be negative'],
      // Exponent forms (found by the fuzz test: class-validator's decimal count threw → 500).
      [
        { amount_repaid: -5e-323 },
        'amount_repaid',
        'Amount repaid must be an amount in pounds with at most 2 decimal places',
      ],
      [
        { amount_repaid: 100, fee: 1e-7 },
        'fee',
        'Fee must be an amount in pounds with at most 2 decimal places',
      ],
    ];
    for (const [amounts, field, message] of bad) {
      const res = await move({ status: 'paid', note: 'Paid.', ...amounts });
      expect(res.statusCode, JSON.stringify(amounts)).toBe(400);
      expect(res.json().errors).toContainEqual({ field, message });
    }
    const still = await t.request({
      method: 'GET',
      url: `/api/claims/${claimId}/`,
      headers: cast.staff.headers,
    });
    expect(still.json().status).toBe('accepted');
  });

  it('staff record both at Paid; the client reads them on the claim and the list, and in the e-mail', async () => {
    const pendingOfThis = async () =>
      (await t.request({ method: 'GET', url: '/api/document-tasks/pending/', headers: cast.clientA.headers }))
        .json<{ assessment_id: string }[]>()
        .filter((task) => task.assessment_id === assessmentId).length;
    expect(await pendingOfThis()).toBeGreaterThan(0);
    const before = readOutbox(t.dataDir).length;
    const paid = await move({
      status: 'paid',
      note: 'HMRC has repaid you.',
      amount_repaid: 12345.67,
      fee: 1851.85,
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'paid', amount_repaid: 12345.67, fee: 1851.85 });
    // The status machine travels with the claim: nothing follows Paid.
    expect(paid.json().next_statuses).toEqual([]);
    // Once paid, the client's dashboard is no longer asked for this claim's documents.
    expect(await pendingOfThis()).toBe(0);

    const own = await t.request({
      method: 'GET',
      url: `/api/claims/${claimId}/`,
      headers: cast.clientA.headers,
    });
    expect(own.json()).toMatchObject({ amount_repaid: 12345.67, fee: 1851.85 });
    const list = await t.request({
      method: 'GET',
      url: '/api/claims/?stage=claim',
      headers: cast.clientA.headers,
    });
    expect(list.json().results[0]).toMatchObject({ id: claimId, amount_repaid: 12345.67, fee: 1851.85 });

    let mail: string | undefined;
    for (let i = 0; i < 1200 && !mail; i += 1) {
      mail = readOutbox(t.dataDir)
        .slice(before)
        .find((m) => m.includes('Paid'));
      if (!mail) await new Promise((r) => setTimeout(r, 25));
    }
    // Quoted-printable: £ travels as =C2=A3.
    expect(mailBody(mail ?? '')).toMatch(
      /Amount repaid: (£|=C2=A3)12,345\.67; our fee: (£|=C2=A3)1,851\.85\./,
    );
  });
});
