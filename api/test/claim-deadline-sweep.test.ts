/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment -- response bodies are read as untyped JSON; the assertions check their shape */
// Issue 30: an open claim's stored deadline moves on when its route's window closes. A background
// job (the document reminders' job queue) evaluates the answers again on today's date with the
// pinned definition version and stores the time limit of the route open now, with a timeline
// entry; an ended claim, or a claim whose deadline has not passed, is left alone.
import { MikroORM } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Clock } from '../src/common/clock';
import { ClaimEvent } from '../src/modules/claims/claim-event.entity';
import { Claim } from '../src/modules/claims/claim.entity';
import { ClaimDeadlineSweepService } from '../src/modules/workbench/claim-deadline-sweep.service';
import { createCast, type Cast } from './fixtures/domain';
import { createTestApp, type TestApp } from './helpers/app';

const dayAfter = (iso: string) =>
  new Date(Date.parse(`${iso}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);

/** A mixed-use purchase six months ago: filed under the 12-month amendment of the return. */
function mixedUse(): Record<string, unknown> {
  const purchase = new Date();
  purchase.setUTCMonth(purchase.getUTCMonth() - 6);
  return {
    propertyNationSDR: 'england',
    propertyTypeSDR: 'Mixed-Use',
    purchaseDateSDR: purchase.toISOString().slice(0, 10),
    purchasePriceSDR: 600000,
    sdltPaidSDR: 24000,
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

describe('claim deadline sweep', () => {
  let t: TestApp;
  let cast: Cast;

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  async function submit(): Promise<string> {
    const saved = await t.request({
      method: 'POST',
      url: '/api/assessment/save/',
      headers: cast.clientA.headers,
      payload: { service_type: 'sdlt_refund', answers: mixedUse(), current_step: 0 },
    });
    const submitted = await t.request({
      method: 'POST',
      url: '/api/assessment/submit/',
      headers: cast.clientA.headers,
      payload: { assessment_id: saved.json().id },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    return submitted.json().claim_id as string;
  }

  const read = (id: string) => t.app.get(MikroORM).em.fork().findOneOrFail(Claim, { id });

  it('moves an open claim’s passed deadline to the next route’s time limit, once, with a timeline entry', async () => {
    const open = await submit();
    const ended = await submit();
    const before = await read(open);
    expect(before.deadline).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(before.deadlineLabel).toContain('amendment');
    await t.app.get(MikroORM).em.fork().nativeUpdate(Claim, { id: ended }, { status: 'withdrawn' });
    const sweep = t.app.get(ClaimDeadlineSweepService);
    const clock = t.app.get(Clock);

    // While the window is open nothing moves.
    expect(await sweep.sweep()).toEqual({ moved: 0 });

    // The day after the amendment window closes: the open claim moves on, the ended one does not;
    // two sweeps at once (two instances) move it once.
    vi.spyOn(clock, 'today').mockReturnValue(dayAfter(before.deadline!));
    const [a, b] = await Promise.all([sweep.sweep(), sweep.sweep()]);
    expect(a.moved + b.moved).toBe(1);
    const after = await read(open);
    expect(after.deadline! > before.deadline!).toBe(true);
    expect(after.deadlineLabel).not.toBe(before.deadlineLabel);
    expect((await read(ended)).deadline).toBe(before.deadline);
    const events = await t.app
      .get(MikroORM)
      .em.fork()
      .find(ClaimEvent, { claim: open }, { orderBy: { createdAt: 'asc' } });
    const note = events.at(-1)!.note;
    expect(note).toContain(`passed on ${before.deadline}`);
    expect(note).toContain(`the deadline is now ${after.deadline}`);
    expect(events.at(-1)!.status).toBe('submitted');

    // Swept again (or by a second instance): nothing more.
    expect(await sweep.sweep()).toEqual({ moved: 0 });

    // The workbench's timeline shows it.
    const timeline = await t.request({
      method: 'GET',
      url: `/api/workbench/claims/${open}/timeline/`,
      headers: cast.staff.headers,
    });
    expect(timeline.statusCode).toBe(200);
    expect(JSON.stringify(timeline.json())).toContain('the deadline is now');
  });
});
