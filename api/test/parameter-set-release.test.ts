/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-explicit-any -- response bodies are read as untyped JSON; the assertions are what check their shape */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { MikroORM } from '@mikro-orm/core';
import { evaluateAssessment, loadDefinition, lookupParameter } from '@reclaim/engine';
import { Logger } from '@nestjs/common';
import { Clock } from '../src/common/clock';
import { definitionsSeed } from '../src/database/seeders/definitions';
import type { SeedContext } from '../src/database/seed-step';
import {
  ParameterSetRecord,
  ParameterSetVersion,
} from '../src/modules/definitions/definition-version.entity';
import { bearer, createTestApp, registerUser, type TestApp } from './helpers/app';
import { createCast, sdltAnswers, setRole, type Actor, type Cast } from './fixtures/domain';

// Issue 9 points 1 and 6: an adviser changes a dated tax parameter (a new SDLT residential band
// table from a later date) in the studio; gaps are refused in words; a second adviser approves;
// publish replaces the stored set and every evaluation on a day after the row's `from` uses it.
describe('dated tax parameters: draft, four-eyes review, publish', () => {
  let t: TestApp;
  let cast: Cast;
  let staff2: Actor;
  const url = '/api/parameter-sets/sdlt';
  const note = {
    release_note: 'Nil band back to £250,000 from the date in the Budget',
    source_url: 'https://www.gov.uk/government/publications/rates-and-allowances-stamp-duty-land-tax',
  };
  const call = (actor: Actor, method: InjectOptions['method'], path: string, payload?: unknown) =>
    t.request({
      method,
      url: path,
      headers: actor.headers,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  const addDays = (day: string, n: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  let from = '';
  const newBands = [
    { upTo: 250000, rate: 0 },
    { upTo: 925000, rate: 0.05 },
    { upTo: 1500000, rate: 0.1 },
    { upTo: null, rate: 0.12 },
  ];

  /** The stored set with res.bands' open row closed the day before `start` and a new row from `start`. */
  function withNewRow(set: Record<string, any>, start: string): Record<string, any> {
    const next = structuredClone(set);
    const values = next.parameters['res.bands'].values;
    values[values.length - 1].to = addDays(from, -1);
    values.push({
      from: start,
      to: null,
      value: newBands,
      source: 'S20',
      note: 'Studio test row (FA 2003 s55)',
    });
    // The release gate: a test of the set dated in the new period reads the new row.
    const day = addDays(start, 5);
    next.tests = [
      {
        name: 'A £600,000 home bought in the new period pays £17,500',
        definition: 'sdlt_refund',
        answers: { ...sdltAnswers(), propertyTypeSDR: 'Residential', purchaseDateSDR: day },
        asOf: addDays(day, 5),
        expect: { 'facts.sdltTaxDue': 17500 },
      },
    ];
    return next;
  }

  /** The residential bands (and SDLT due on £600,000) a visitor's browser evaluates with for a purchase on `day`. */
  async function bandsOn(day: string) {
    const res = await call(
      cast.staff,
      'GET',
      `/api/definitions/sdlt_refund/published/?as_of=${addDays(day, 5)}`,
    );
    expect(res.statusCode, res.body).toBe(200);
    const { definition, parameterSets } = res.json();
    const set = parameterSets.find((p: { id: string }) => p.id === 'sdlt');
    const loaded = loadDefinition(definition, { parameterSets });
    const evaluation = await evaluateAssessment({
      definition: loaded,
      answers: { ...sdltAnswers(), propertyTypeSDR: 'Residential', purchaseDateSDR: day },
      asOf: addDays(day, 5),
    });
    expect(evaluation.definition.id).toBe('sdlt_refund');
    // The engine reads the bands by the purchase date; the payload's set answers the same.
    expect(lookupParameter(set, 'res.bands', day)?.value).toEqual(evaluation.facts.resBands);
    return { bands: evaluation.facts.resBands, taxDue: evaluation.facts.sdltTaxDue };
  }

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
    const second = await registerUser(t);
    await setRole(t, second.user.id, 'STAFF');
    staff2 = { name: 'staff', headers: bearer(second.access), id: second.user.id };
    from = addDays(t.app.get(Clock).today(), 30);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('staff edit, a gap is refused in words, self-approval refused, a second adviser approves, publish applies from the row’s date', async () => {
    expect((await call(cast.clientA, 'GET', `${url}/`)).statusCode).toBe(403);
    const opened = await call(cast.staff, 'GET', `${url}/`);
    expect(opened.statusCode, opened.body).toBe(200);
    const stored = opened.json();
    expect(stored).toMatchObject({ id: 'sdlt', draft: null });
    const before = await bandsOn(addDays(from, 5));

    // A row starting a day late leaves a day with no value: refused with the studio's wording.
    const gap = await call(cast.staff, 'PUT', `${url}/draft/`, {
      parameter_set: withNewRow(stored.parameter_set, addDays(from, 1)),
      base_checksum: stored.checksum,
    });
    expect(gap.statusCode).toBe(400);
    expect(gap.json().message).toContain(`has no value from ${from} to ${from}`);
    expect(gap.json().checks[0]).toMatchObject({ screen: 'Parameters', code: 'parameter-dates-gap' });

    // A value of the wrong type is refused too.
    const wrong = withNewRow(stored.parameter_set, from);
    wrong.parameters['ftb.max_price'].values[0].value = 'five hundred thousand';
    const typed = await call(cast.staff, 'PUT', `${url}/draft/`, {
      parameter_set: wrong,
      base_checksum: stored.checksum,
    });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().checks[0].code).toBe('parameter-value-type');

    const saved = await call(cast.staff, 'PUT', `${url}/draft/`, {
      parameter_set: withNewRow(stored.parameter_set, from),
      base_checksum: stored.checksum,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const draft = saved.json();
    expect(draft).toMatchObject({
      base_checksum: stored.checksum,
      updated_by: { id: cast.staff.id },
      review: { state: 'editing' },
    });

    // A second adviser who opened the stored set before the draft existed: 409 naming the editor.
    const stale = await call(staff2, 'PUT', `${url}/draft/`, {
      parameter_set: withNewRow(stored.parameter_set, from),
      base_checksum: stored.checksum,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toMatch(
      /^The parameter draft of sdlt was changed by .+ at \d\d:\d\d on \d{4}-\d\d-\d\d \(UTC\); reload it/,
    );
    expect(stale.json().changed_by).toMatchObject({ id: cast.staff.id });

    // Not approved yet: publish refused; submit needs a note and a source link.
    expect((await call(cast.staff, 'POST', `${url}/draft/publish/`, {})).statusCode).toBe(409);
    const noNote = await call(cast.staff, 'POST', `${url}/draft/submit/`, { ...note, release_note: ' ' });
    expect(noNote.statusCode).toBe(400);
    const submitted = await call(cast.staff, 'POST', `${url}/draft/submit/`, note);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json().review).toMatchObject({
      state: 'submitted',
      submitted_by: { id: cast.staff.id },
    });

    const self = await call(cast.staff, 'POST', `${url}/draft/approve/`, { checksum: draft.checksum });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(
      'You submitted or last edited this draft; a different adviser must approve it.',
    );
    expect(
      (await call(staff2, 'POST', `${url}/draft/approve/`, { checksum: 'a'.repeat(64) })).statusCode,
    ).toBe(409);
    const approved = await call(staff2, 'POST', `${url}/draft/approve/`, { checksum: draft.checksum });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().review).toMatchObject({ state: 'approved', approved_by: { id: staff2.id } });

    const published = await call(cast.staff, 'POST', `${url}/draft/publish/`, {});
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json()).toMatchObject({
      checksum: draft.checksum,
      draft: null,
      updated_by: { id: cast.staff.id },
    });
    expect(published.json().history.map((h: { action: string }) => h.action)).toEqual([
      'parameter_set_publish',
      'parameter_set_approved',
      'parameter_set_submitted',
      'parameter_set_draft_saved',
    ]);

    // The new bands from their own date; the old ones the day before; nothing scheduled.
    const after = await bandsOn(addDays(from, 5));
    expect(after.bands).toEqual(newBands);
    expect(before.bands).not.toEqual(newBands);
    // £600,000 residential: 5% of £350,000 with the £250,000 nil band, £20,000 before.
    expect(after.taxDue).toBe(17500);
    expect(before.taxDue).toBe(20000);
    expect(await bandsOn(addDays(from, -1))).toEqual(before);

    // The replaced set is kept for audit and rollback.
    const em = t.app.get(MikroORM).em.fork();
    const old = await em.find(ParameterSetVersion, { setId: 'sdlt' }, { populate: ['json'] });
    expect(old).toHaveLength(1);
    expect(old[0]).toMatchObject({
      checksum: stored.checksum,
      replacedByChecksum: draft.checksum,
      approvedById: staff2.id,
    });
    expect(old[0]!.json).toEqual(stored.parameter_set);

    // A restart runs the seed again: the unchanged file does not undo the studio's publish.
    const seedEm = t.app.get(MikroORM).em.fork();
    const ctx = { logger: new Logger('seed'), announce: () => undefined } as unknown as SeedContext;
    await definitionsSeed.run(seedEm, t.config, ctx);
    const kept = await em.fork().findOneOrFail(ParameterSetRecord, { id: 'sdlt' });
    expect(kept).toMatchObject({ checksum: draft.checksum, seededChecksum: stored.checksum });

    // A save from the set as it was before the publish is stale: 409 naming who published.
    const late = await call(staff2, 'PUT', `${url}/draft/`, {
      parameter_set: stored.parameter_set,
      base_checksum: stored.checksum,
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toMatch(/^The parameters of sdlt were changed by .+ at /);
    expect(late.json().changed_by).toMatchObject({ id: cast.staff.id });
  });

  it('issue 29 §7: a rollback to the earlier set is a new draft through the same review', async () => {
    const opened = (await call(cast.staff, 'GET', `${url}/`)).json();
    expect(opened.versions).toHaveLength(1);
    const earlier = opened.versions[0];
    expect(earlier).toMatchObject({ replaced_by_checksum: opened.checksum, is_current: false });
    expect(
      (await call(cast.clientA, 'POST', `${url}/rollback-draft/`, { checksum: earlier.checksum })).statusCode,
    ).toBe(403);
    expect((await call(cast.staff, 'POST', `${url}/rollback-draft/`, { checksum: 'x' })).statusCode).toBe(
      400,
    );
    expect(
      (await call(cast.staff, 'POST', `${url}/rollback-draft/`, { checksum: 'b'.repeat(64) })).statusCode,
    ).toBe(404);
    const started = await call(cast.staff, 'POST', `${url}/rollback-draft/`, { checksum: earlier.checksum });
    expect(started.statusCode, started.body).toBe(201);
    const draft = started.json();
    expect(draft).toMatchObject({ checksum: earlier.checksum, base_checksum: opened.checksum });
    // One draft at a time.
    const twice = await call(staff2, 'POST', `${url}/rollback-draft/`, { checksum: earlier.checksum });
    expect(twice.statusCode).toBe(409);

    expect((await call(cast.staff, 'POST', `${url}/draft/submit/`, note)).statusCode).toBe(200);
    expect(
      (await call(cast.staff, 'POST', `${url}/draft/approve/`, { checksum: draft.checksum })).statusCode,
    ).toBe(403);
    const approved = await call(staff2, 'POST', `${url}/draft/approve/`, { checksum: draft.checksum });
    expect(approved.statusCode, approved.body).toBe(200);
    const published = await call(cast.staff, 'POST', `${url}/draft/publish/`, {});
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().checksum).toBe(earlier.checksum);
    expect(published.json().history[0].action).toBe('parameter_set_publish');
    expect(published.json().history.map((h: { action: string }) => h.action)).toContain(
      'parameter_set_rollback_draft',
    );
    // Nothing to roll back to: these values are in force now.
    const again = await call(cast.staff, 'POST', `${url}/rollback-draft/`, { checksum: earlier.checksum });
    expect(again.statusCode).toBe(409);
    expect(
      published.json().versions.find((v: { checksum: string }) => v.checksum === earlier.checksum),
    ).toMatchObject({
      is_current: true,
    });
  });
});
