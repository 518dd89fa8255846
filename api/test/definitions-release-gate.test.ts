/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- response bodies are read as untyped JSON; the assertions are what check their shape */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { EntityManager } from '@mikro-orm/core';
import { definitionsDir } from '../src/database/seeders/definitions-source';
import { DefinitionVersion } from '../src/modules/definitions/definition-version.entity';
import { createSecondApp, createTestApp, type TestApp } from './helpers/app';
import { createCast, type Actor, type Cast } from './fixtures/domain';

// Issue 29 §4, the release gate: a draft is submitted only when every rule it changes is matched
// by at least one passing embedded test (read from the test's trace) and every test passes. The
// reviewer reads the coverage with the draft.
describe('adviser studio: release gate of tests', () => {
  let t: TestApp;
  let cast: Cast;
  let published: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- edited freely below
  const base = '/api/definitions/sdlt_refund';
  const note = {
    release_note: 'Rule wording after the 2026 case review',
    source_url: 'https://www.gov.uk/hmrc-internal-manuals/stamp-duty-land-tax-manual',
  };
  const call = (actor: Actor, method: InjectOptions['method'], url: string, payload?: unknown) =>
    t.request({
      method,
      url,
      headers: actor.headers,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });

  /** The rule (an eligibility rule or a complexity flag) with this id gets a new description. */
  const withRuleWording = (ruleId: string) => {
    const draft = structuredClone(published);
    const rule = [...draft.eligibility.rules, ...draft.complexity.flags].find(
      (r: { id: string }) => r.id === ruleId,
    );
    expect(rule, ruleId).toBeTruthy();
    rule.description = `${rule.description} (reworded)`;
    return draft;
  };

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
    published = (await t.request({ method: 'GET', url: `${base}/published/` })).json().definition;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a definition keeps the order it was written in: its result fields lay out the page', async () => {
    // PostgreSQL's jsonb sorts object keys; the page and the embedded tests read fields by position.
    const dir = definitionsDir();
    const file = JSON.parse(
      readFileSync(join(dir, 'assessments', 'sdlt_refund', `v${published.version as number}.json`), 'utf8'),
    ) as { resultFields: object; calculations: object };
    expect(Object.keys(published.resultFields as object)).toEqual(Object.keys(file.resultFields));
    expect(JSON.stringify(published)).toBe(JSON.stringify(file));

    // A row stored in another key order (written while the column sorted keys) is put back in the
    // file's order by the next start: same content, same checksum.
    const em = t.app.get(EntityManager).fork();
    const row = { definitionId: 'sdlt_refund', version: published.version as number };
    const sorted = Object.fromEntries(Object.entries(file).sort(([a], [b]) => a.length - b.length));
    await em.nativeUpdate(DefinitionVersion, row, { json: sorted });
    const reordered = await em.fork().findOneOrFail(DefinitionVersion, row, { populate: ['json'] });
    expect(Object.keys(reordered.json)).not.toEqual(Object.keys(file));
    const second = await createSecondApp(t);
    await second.close();
    const repaired = await em.fork().findOneOrFail(DefinitionVersion, row, { populate: ['json'] });
    expect(JSON.stringify(repaired.json)).toBe(JSON.stringify(file));
  });

  it('blocks a change no passing test exercises, and passes one a test covers', async () => {
    // value_over_2m: no embedded SDLT test buys above £2m, so no test's trace matches it.
    const saved = await call(cast.staff, 'PUT', `${base}/draft/`, {
      definition: withRuleWording('value_over_2m'),
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const version = saved.json().version as number;
    const read = (await call(cast.staff, 'GET', `${base}/drafts/${version}/`)).json();
    expect(read.coverage.ok).toBe(false);
    expect(read.coverage.items).toEqual([
      expect.objectContaining({ kind: 'rule', id: 'value_over_2m', covered_by: [] }),
    ]);
    const blocked = await call(cast.staff, 'POST', `${base}/drafts/${version}/submit/`, note);
    expect(blocked.statusCode, blocked.body).toBe(400);
    expect(blocked.json().message).toBe(
      'Every changed rule and parameter needs a passing test that exercises it before review',
    );
    expect(blocked.json().problems[0]).toMatch(
      /^Rule “.*\(reworded\)” is not exercised by any passing test\.$/,
    );
    expect(read.state ?? read.review.state).toBe('editing');

    // A test that fails covers nothing either: the same draft with a wrong expectation.
    const failing = withRuleWording('purchase_within_12_months');
    failing.tests[0].expect = { ...failing.tests[0].expect, 'eligibility.likelihood': 'Unlikely' };
    const resaved = await call(cast.staff, 'PUT', `${base}/draft/`, {
      definition: failing,
      base_checksum: read.checksum,
    });
    expect(resaved.statusCode, resaved.body).toBe(200);
    const stillBlocked = await call(cast.staff, 'POST', `${base}/drafts/${version}/submit/`, note);
    expect(stillBlocked.statusCode, stillBlocked.body).toBe(400);
    expect(stillBlocked.json().coverage.failing_tests).toEqual([failing.tests[0].name]);
    // why, in words, for the reviewer and in the refusal
    expect(stillBlocked.json().coverage.failing_reasons).toEqual(['expected Unlikely; got Likely']);
    expect(stillBlocked.json().problems).toContain(
      `Test “${failing.tests[0].name as string}” fails: expected Unlikely; got Likely.`,
    );

    // purchase_within_12_months: the embedded tests of recent purchases match it.
    const covered = await call(cast.staff, 'PUT', `${base}/draft/`, {
      definition: withRuleWording('purchase_within_12_months'),
      base_checksum: resaved.json().checksum,
    });
    expect(covered.statusCode, covered.body).toBe(200);
    const reviewed = (await call(cast.staff, 'GET', `${base}/drafts/${version}/`)).json();
    expect(reviewed.coverage.ok).toBe(true);
    const item = reviewed.coverage.items.find((i: { id: string }) => i.id === 'purchase_within_12_months');
    expect(item.covered_by.length).toBeGreaterThan(0);
    const ok = await call(cast.staff, 'POST', `${base}/drafts/${version}/submit/`, note);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().review.state).toBe('submitted');
  });

  it('a changed parameter value needs a source with a link and a legal reference', async () => {
    const url = '/api/parameter-sets/sdlt';
    const stored = (await call(cast.staff, 'GET', `${url}/`)).json();
    const set = structuredClone(stored.parameter_set);
    const values = set.parameters['res.bands'].values;
    values[values.length - 1].to = '2027-03-31';
    // S29 has no link, and the note cites no law.
    values.push({
      from: '2027-04-01',
      to: null,
      value: values[values.length - 1].value,
      source: 'S29',
      note: 'New bands',
    });
    const saved = await call(cast.staff, 'PUT', `${url}/draft/`, {
      parameter_set: set,
      base_checksum: stored.checksum,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const blocked = await call(cast.staff, 'POST', `${url}/draft/submit/`, note);
    expect(blocked.statusCode, blocked.body).toBe(400);
    expect(blocked.json().message).toBe(
      'Every changed parameter value needs a source with a link and a legal reference before review',
    );
    expect(blocked.json().problems).toEqual([
      expect.stringMatching(/from 1 April 2027: its source \(.*\) has no link\.$/),
      expect.stringMatching(/from 1 April 2027: add a legal reference/),
    ]);
    // The GOV.UK source and a section of the Act in the note: submitted.
    values[values.length - 1] = {
      ...values[values.length - 1],
      source: 'S20',
      note: 'FA 2003 s55 as amended',
    };
    const fixed = await call(cast.staff, 'PUT', `${url}/draft/`, {
      parameter_set: set,
      base_checksum: saved.json().checksum,
    });
    expect(fixed.statusCode, fixed.body).toBe(200);

    // Sourced, but no test reads the new period (the published tests are dated before it).
    const uncovered = await call(cast.staff, 'POST', `${url}/draft/submit/`, note);
    expect(uncovered.statusCode, uncovered.body).toBe(400);
    expect(uncovered.json().message).toBe(
      'Every changed rule and parameter needs a passing test that exercises it before review',
    );
    const description = set.parameters['res.bands'].description as string;
    expect(uncovered.json().problems).toEqual([
      `“${description} from 1 April 2027” is not read by any passing test: add a test dated in its period.`,
    ]);
    // the period ended the day before asks nothing; the reviewer and the submitter read the same
    const before = (await call(cast.staff, 'GET', `${url}/`)).json();
    expect(before.coverage).toMatchObject({
      ok: false,
      failing_tests: [],
      changed_outcomes: [],
      items: [{ kind: 'parameter', id: 'sdlt/res.bands@2027-04-01', covered_by: [] }],
    });

    // A test of the draft dated in the new period: a wrong expectation fails and covers nothing.
    const purchase = {
      propertyNationSDR: 'england',
      propertyTypeSDR: 'Residential',
      firstTimeBuyerSDR: false,
      multipleDwellingsSDR: false,
      additionalPropertySDR: false,
      nonUkResidentSDR: false,
      propertyUninhabitableSDR: false,
      hasAnnexeSDR: false,
      partialBusinessUseSDR: false,
      linkedTransactionsSDR: false,
      multipleOwnersSDR: false,
      purchaseDateSDR: '2027-05-01',
      purchasePriceSDR: 300000,
    };
    const name = 'A £300,000 home bought on 1 May 2027 → £5,000 on the bands from 1 April 2027';
    set.tests = [
      {
        name,
        definition: 'sdlt_refund',
        answers: purchase,
        asOf: '2027-06-01',
        expect: { 'facts.sdltTaxDue': 9999 },
      },
    ];
    const wrong = await call(cast.staff, 'PUT', `${url}/draft/`, {
      parameter_set: set,
      base_checksum: fixed.json().checksum,
    });
    expect(wrong.statusCode, wrong.body).toBe(200);
    // the Parameters tab reads the same, with the reason
    const shown = (await call(cast.staff, 'GET', `${url}/`)).json().coverage;
    expect(shown.failing_tests).toEqual([name]);
    expect(shown.failing_reasons).toEqual([expect.stringMatching(/^expected .*£9,999; got .*£5,000$/)]);
    const failing = await call(cast.staff, 'POST', `${url}/draft/submit/`, note);
    expect(failing.statusCode, failing.body).toBe(400);
    // in words: what the test expected and what came out
    expect(failing.json().problems).toContainEqual(
      expect.stringMatching(
        new RegExp(`^Test “${name.replace(/[£(),.→]/g, '.')}” fails: expected .*£9,999; got .*£5,000\\.$`),
      ),
    );

    set.tests[0].expect = { 'facts.sdltTaxDue': 5000 };
    const right = await call(cast.staff, 'PUT', `${url}/draft/`, {
      parameter_set: set,
      base_checksum: wrong.json().checksum,
    });
    expect(right.statusCode, right.body).toBe(200);
    const ok = await call(cast.staff, 'POST', `${url}/draft/submit/`, note);
    expect(ok.statusCode, ok.body).toBe(200);
    const after = (await call(cast.staff, 'GET', `${url}/`)).json();
    expect(after.coverage).toMatchObject({
      ok: true,
      items: [{ id: 'sdlt/res.bands@2027-04-01', covered_by: [name] }],
    });
  });
});
