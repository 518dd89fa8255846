/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-explicit-any -- response bodies and definition JSON are read as untyped JSON; the assertions are what check their shape */
import { MikroORM } from '@mikro-orm/core';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readTestDatabaseUrl } from '../src/config/config';
import { ActivityLog } from '../src/modules/activity-logs/activity-log.entity';
import { jsonChecksum } from '../src/modules/definitions/checksum';
import {
  DefinitionVersion,
  ParameterSetDraft,
  ParameterSetRecord,
  ParameterSetVersion,
} from '../src/modules/definitions/definition-version.entity';
import { ParameterSetsService } from '../src/modules/definitions/parameter-sets.service';
import { AdviserService } from '../src/modules/definitions/adviser.service';
import { createCast, setRole, type Actor, type Cast } from './fixtures/domain';
import { bearer, createSecondApp, createTestApp, registerUser, type TestApp } from './helpers/app';

// Issue 25 §1: the four-eyes release raced as the attacker did. Adviser 1 has content approved by
// adviser 2, then sends other content and the publish at the same moment. Each round asserts:
// (a) what is live is exactly the approved content, and the row's review fields say so;
// (b) every write answered 2xx is in the database (nothing lost), every loser answered 409, and
// the history counts exactly the steps that answered 2xx.
// On PostgreSQL the racing requests go to two app instances on one database (separate pools);
// SQLite serialises writers, so fewer rounds there. Two of three rounds send both requests at
// once; left alone one side nearly always wins, so every third round sends the other side the
// moment the first is past its checks (a spy on a private step), and both outcomes are checked.
// Requests really interleave: against the code before this test the PostgreSQL run fails in
// round 0 of each race.

const onPostgres = readTestDatabaseUrl() !== null;
const ROUNDS = onPostgres ? 50 : 8;
const SAVE_ROUNDS = onPostgres ? 8 : 3;
const SAVERS = 4;
// A deadline for a hung run only: a round takes about a second on a busy 2-core machine.
const TIMEOUT = 600_000;

const note = {
  release_note: 'Wording of the description after the 2026 review',
  source_url: 'https://www.gov.uk/government/organisations/hm-revenue-customs',
};

type Json = Record<string, any>;
type Counts = Record<string, number>;
type Checking = { validate(id: string, json: Json): Promise<unknown> };
type Loading = { load(json: Json): Promise<unknown> };

/** A definition's JSON without the two fields a publish sets itself. */
function withoutPublishFields(json: Json): Json {
  const { status: _s, effectiveFrom: _e, ...rest } = json;
  return rest;
}

describe('four-eyes release under concurrent writes (issue 25 §1)', () => {
  let a: TestApp;
  let b: TestApp;
  let cast: Cast;
  let adviser1: Actor;
  let adviser2: Actor;

  const send = (on: TestApp, actor: Actor, method: InjectOptions['method'], url: string, payload?: unknown) =>
    on.request({
      method,
      url,
      headers: actor.headers,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  const ok = (res: LightMyRequestResponse, what: string): Json => {
    expect(res.statusCode, `${what}: ${res.body}`).toBe(200);
    return res.json();
  };
  const em = () => a.app.get(MikroORM).em.fork();

  /** The activity rows of one target, counted by action. */
  async function logCounts(targetType: string, targetId: string): Promise<Counts> {
    const rows = await em().find(ActivityLog, { targetType, targetId });
    const counts: Counts = {};
    for (const r of rows) counts[r.action] = (counts[r.action] ?? 0) + 1;
    return counts;
  }
  const bump = (counts: Counts, action: string) => {
    counts[action] = (counts[action] ?? 0) + 1;
  };

  beforeAll(async () => {
    a = await createTestApp();
    // Two instances (two pools) on PostgreSQL, as in the report; one on SQLite (one writer).
    b = onPostgres ? await createSecondApp(a, { migrate: false }) : a;
    cast = await createCast(a);
    adviser1 = cast.staff;
    const second = await registerUser(a);
    await setRole(a, second.user.id, 'STAFF');
    adviser2 = { name: 'staff', headers: bearer(second.access), id: second.user.id };
  });
  afterAll(async () => {
    if (b !== a) await b?.close();
    await a?.close();
  });

  describe('parameter sets', () => {
    const setId = 'rd';
    const url = `/api/parameter-sets/${setId}`;
    let original: Json;
    const expected: Counts = {};

    const content = (description: string): Json => {
      const next = structuredClone(original);
      const first = Object.keys(next.parameters)[0]!;
      next.parameters[first].description = description;
      return next;
    };

    /** The checksum an editor opening the studio now holds: the open draft's, else the stored set's. */
    async function opened(): Promise<{ stored: string; base: string }> {
      const body = ok(await send(a, adviser1, 'GET', `${url}/`), 'get');
      return { stored: body.checksum, base: body.draft?.checksum ?? body.checksum };
    }

    beforeAll(async () => {
      original = ok(await send(a, adviser1, 'GET', `${url}/`), 'get').parameter_set;
    });

    it(
      `edit racing publish of approved values, ${ROUNDS} rounds: only approved values go live, no 2xx lost`,
      async () => {
        const outcomes = { published: 0, edited: 0, both: 0 };
        for (let round = 0; round < ROUNDS; round++) {
          const reviewed = content(`Round ${round}: the values adviser 2 reviewed`);
          const unreviewed = content(`Round ${round}: values nobody reviewed`);
          const before = await opened();
          const saved = ok(
            await send(a, adviser1, 'PUT', `${url}/draft/`, {
              parameter_set: reviewed,
              base_checksum: before.base,
            }),
            'save',
          );
          bump(expected, 'parameter_set_draft_saved');
          ok(await send(a, adviser1, 'POST', `${url}/draft/submit/`, note), 'submit');
          bump(expected, 'parameter_set_submitted');
          ok(
            await send(a, adviser2, 'POST', `${url}/draft/approve/`, { checksum: saved.checksum }),
            'approve',
          );
          bump(expected, 'parameter_set_approved');

          const edit = () =>
            send(a, adviser1, 'PUT', `${url}/draft/`, {
              parameter_set: unreviewed,
              base_checksum: saved.checksum,
            });
          const publish = () => send(b, adviser1, 'POST', `${url}/draft/publish/`, {});
          let editRes: LightMyRequestResponse;
          let publishRes: LightMyRequestResponse;
          if (round % 3 === 2) {
            // The edit checks the values before it takes the lock, which lets the publish win
            // nearly always; here the publish is sent the moment the edit's checks are done.
            // Its checks are private: reached here only to time the race.
            const sets = a.app.get<ParameterSetsService, Checking>(ParameterSetsService);
            const validate = sets.validate.bind(sets);
            let checked!: () => void;
            const passed = new Promise<void>((resolve) => (checked = resolve));
            const spy = vi.spyOn(sets, 'validate').mockImplementation(async (id, json) => {
              const result = await validate(id, json);
              checked();
              return result;
            });
            try {
              const editing = edit().finally(checked);
              [editRes, publishRes] = await Promise.all([editing, passed.then(publish)]);
            } finally {
              spy.mockRestore();
            }
          } else {
            [editRes, publishRes] =
              round % 3 === 0
                ? await Promise.all([edit(), publish()])
                : await Promise.all([publish(), edit()]).then(([p, e]) => [e, p] as const);
          }
          const label = `round ${round}: edit ${editRes.statusCode} ${editRes.body.slice(0, 300)} / publish ${publishRes.statusCode} ${publishRes.body.slice(0, 300)}`;
          for (const res of [editRes, publishRes]) expect([200, 409], label).toContain(res.statusCode);
          expect(editRes.statusCode === 200 || publishRes.statusCode === 200, label).toBe(true);

          const fresh = em();
          const record = await fresh.findOneOrFail(ParameterSetRecord, { id: setId }, { populate: ['json'] });
          const draft = await fresh.findOne(ParameterSetDraft, { setId }, { populate: ['json'] });
          if (publishRes.statusCode === 200) {
            outcomes.published++;
            bump(expected, 'parameter_set_publish');
            // (a) The stored set is exactly the approved values, recorded as approved by adviser 2.
            expect(record.json, label).toEqual(reviewed);
            expect(record.checksum).toBe(saved.checksum);
            expect(jsonChecksum(record.json)).toBe(saved.checksum);
            const replaced = await fresh.findOneOrFail(ParameterSetVersion, {
              setId,
              replacedByChecksum: saved.checksum,
            });
            expect(replaced).toMatchObject({ checksum: before.stored, approvedById: adviser2.id });
          } else {
            expect(publishRes.json().message, label).toBe(`The parameter draft of ${setId} is not approved`);
            expect(record.checksum, label).toBe(before.stored);
          }
          if (editRes.statusCode === 200) {
            // (b) The edit is the open draft, in editing: it withdrew the approval (publish lost),
            // or it is a new draft on top of the set just published (its base is what went live).
            bump(expected, 'parameter_set_draft_saved');
            expect(draft, label).not.toBeNull();
            expect(draft!.json, label).toEqual(unreviewed);
            expect(draft!.checksum).toBe(editRes.json().checksum);
            expect(draft!.reviewState).toBe('editing');
            expect(draft!.approvedById).toBeNull();
            expect(draft!.approvedChecksum).toBeNull();
            if (publishRes.statusCode === 200) {
              outcomes.both++;
              expect(draft!.baseChecksum, label).toBe(saved.checksum);
            } else {
              outcomes.edited++;
              bump(expected, 'parameter_set_review_withdrawn');
              expect(draft!.baseChecksum, label).toBe(before.stored);
            }
          } else {
            expect(draft, label).toBeNull();
          }
          expect(await logCounts('parameter_set', setId), label).toEqual(expected);
        }
        console.log(
          `parameter sets: ${outcomes.published} publishes won (${outcomes.both} with the edit saved after as a new draft), ${outcomes.edited} edits won`,
        );
      },
      TIMEOUT,
    );

    it(
      `concurrent saves from one base, ${SAVE_ROUNDS} rounds: one 200, the rest 409, the 200 is what is stored`,
      async () => {
        for (let round = 0; round < SAVE_ROUNDS; round++) {
          for (const fresh of [true, false]) {
            const now = await opened();
            if (fresh && now.base !== now.stored) {
              ok(await send(a, adviser1, 'DELETE', `${url}/draft/`), 'discard');
              bump(expected, 'parameter_set_draft_discarded');
            }
            const base = fresh ? now.stored : now.base;
            const contents = Array.from({ length: SAVERS }, (_, i) =>
              content(`Round ${round}: saver ${i} (${fresh ? 'new draft' : 'open draft'})`),
            );
            const answers = await Promise.all(
              contents.map((c, i) =>
                send(i % 2 === 0 ? a : b, i % 2 === 0 ? adviser1 : adviser2, 'PUT', `${url}/draft/`, {
                  parameter_set: c,
                  base_checksum: base,
                }),
              ),
            );
            const statuses = answers.map((r) => r.statusCode);
            expect(
              [...statuses].sort(),
              `round ${round}: ${answers.map((r) => r.body.slice(0, 200)).join(' | ')}`,
            ).toEqual([200, ...Array<number>(SAVERS - 1).fill(409)]);
            const winner = statuses.indexOf(200);
            for (const loser of answers.filter((r) => r.statusCode === 409))
              expect(loser.json().message).toMatch(/^The parameter draft of rd was changed by .+; reload it/);
            bump(expected, 'parameter_set_draft_saved');
            const draft = await em().findOneOrFail(ParameterSetDraft, { setId }, { populate: ['json'] });
            expect(draft.json).toEqual(contents[winner]);
            expect(draft.checksum).toBe(answers[winner]!.json().checksum);
            expect(await logCounts('parameter_set', setId)).toEqual(expected);
          }
        }
      },
      TIMEOUT,
    );
  });

  describe('definitions', () => {
    const id = 'default_template';
    const url = `/api/definitions/${id}`;
    let published: Json;
    /** The open draft (version and checksum the editor holds), if any. */
    let open: { version: number; checksum: string } | null = null;
    const expected = new Map<number, Counts>();
    const countsOf = (version: number): Counts => {
      let c = expected.get(version);
      if (!c) expected.set(version, (c = {}));
      return c;
    };

    const content = (description: string): Json => ({ ...structuredClone(published), description });

    async function save(on: TestApp, actor: Actor, definition: Json, base: string | null) {
      return send(on, actor, 'PUT', `${url}/draft/`, { definition, base_checksum: base });
    }

    /** Saves `definition` over the open draft (or as a new one) and has it approved; its summary. */
    async function approved(definition: Json): Promise<Json> {
      const saved = ok(await save(a, adviser1, definition, open?.checksum ?? null), 'save');
      const version: number = saved.version;
      const counts = countsOf(version);
      bump(counts, 'definition_draft_saved');
      const drafts = `${url}/drafts/${version}`;
      ok(await send(a, adviser1, 'POST', `${drafts}/submit/`, note), 'submit');
      bump(counts, 'definition_submitted');
      const approval = ok(
        await send(a, adviser2, 'POST', `${drafts}/approve/`, { checksum: saved.checksum }),
        'approve',
      );
      bump(counts, 'definition_approved');
      expect(approval.review.approved_checksum).toBe(saved.checksum);
      open = { version, checksum: saved.checksum };
      return saved;
    }

    async function row(version: number): Promise<DefinitionVersion> {
      return em().findOneOrFail(DefinitionVersion, { definitionId: id, version }, { populate: ['json'] });
    }

    beforeAll(async () => {
      published = (await a.request({ method: 'GET', url: `${url}/published/` })).json().definition;
    });

    it(
      `edit racing publish of approved content, ${ROUNDS} rounds: only approved content goes live, no 2xx lost`,
      async () => {
        const outcomes = { published: 0, edited: 0 };
        for (let round = 0; round < ROUNDS; round++) {
          const reviewed = content(`Round ${round}: the content adviser 2 reviewed`);
          const unreviewed = content(`Round ${round}: content nobody reviewed`);
          const saved = await approved(reviewed);
          const version: number = saved.version;
          const counts = countsOf(version);

          const edit = () => save(a, adviser1, unreviewed, saved.checksum);
          const publish = () => send(b, adviser1, 'POST', `${url}/drafts/${version}/publish/`, {});
          let editRes: LightMyRequestResponse;
          let publishRes: LightMyRequestResponse;
          if (round % 3 === 2) {
            // Left to themselves the edit nearly always wins; here it is sent the moment the
            // publish, holding the lock, loads the approved content (its private step).
            const adviser = b.app.get<AdviserService, Loading>(AdviserService);
            const load = adviser.load.bind(adviser);
            let loading!: () => void;
            const reached = new Promise<void>((resolve) => (loading = resolve));
            const spy = vi.spyOn(adviser, 'load').mockImplementation((json) => {
              loading();
              return load(json);
            });
            try {
              const publishing = publish().finally(loading);
              [publishRes, editRes] = await Promise.all([publishing, reached.then(edit)]);
            } finally {
              spy.mockRestore();
            }
          } else {
            // Both at once; which one starts first alternates.
            [editRes, publishRes] =
              round % 3 === 0
                ? await Promise.all([edit(), publish()])
                : await Promise.all([publish(), edit()]).then(([p, e]) => [e, p] as const);
          }

          // Exactly one wins; the other is a 409 that says why.
          expect(
            [editRes.statusCode, publishRes.statusCode].sort(),
            `round ${round}: edit ${editRes.body} / publish ${publishRes.body}`,
          ).toEqual([200, 409]);
          const stored = await row(version);
          if (publishRes.statusCode === 200) {
            outcomes.published++;
            bump(counts, 'definition_publish');
            // (a) Live is the approved content: apart from status and effectiveFrom (set by the
            // publish), the stored JSON is the one whose checksum the approver read.
            expect(stored.status).toBe('published');
            expect(stored.reviewState).toBe('published');
            expect(stored.approvedById).toBe(adviser2.id);
            expect(stored.approvedChecksum).toBe(saved.checksum);
            expect(withoutPublishFields(stored.json)).toEqual(
              withoutPublishFields({ ...reviewed, version, status: 'draft' }),
            );
            expect(
              jsonChecksum({ ...stored.json, status: 'draft', effectiveFrom: reviewed.effectiveFrom }),
            ).toBe(saved.checksum);
            expect(stored.checksum).toBe(jsonChecksum(stored.json));
            expect(stored.json.description).not.toBe(unreviewed.description);
            expect(editRes.json().message).toMatch(new RegExp(`^Draft v${version} was published `));
            open = null;
          } else {
            outcomes.edited++;
            // (b) The edit is stored, withdrew the approval, and nothing of it went live.
            bump(counts, 'definition_draft_saved');
            bump(counts, 'definition_review_withdrawn');
            expect(publishRes.json().message).toBe(`Draft v${version} is not approved`);
            expect(stored.status).toBe('draft');
            expect(stored.reviewState).toBe('editing');
            expect(stored.approvedById).toBeNull();
            expect(stored.approvedChecksum).toBeNull();
            expect(stored.submittedById).toBeNull();
            expect(stored.json.description).toBe(unreviewed.description);
            expect(stored.checksum).toBe(jsonChecksum(stored.json));
            expect(stored.checksum).toBe(editRes.json().checksum);
            open = { version, checksum: stored.checksum };
          }
          // The history says exactly what answered 2xx, no more ("Approved" then an unreviewed
          // publish would be a lie; a saved draft the database lost too).
          expect(await logCounts('definition', `${id}@${version}`), `round ${round}`).toEqual(counts);
        }
        console.log(`definitions: ${outcomes.published} publishes won, ${outcomes.edited} edits won`);
      },
      TIMEOUT,
    );

    it(
      `concurrent saves from one base, ${SAVE_ROUNDS} rounds: one 200, the rest 409, the 200 is what is stored`,
      async () => {
        for (let round = 0; round < SAVE_ROUNDS; round++) {
          // Over an open draft (all hold its checksum), then a brand new draft (all opened none).
          for (const fresh of [false, true]) {
            if (fresh && open) {
              // Close the open draft by releasing it, so the next saves create a new version.
              await approved(content(`Round ${round}: released before new-draft saves`));
              ok(await send(a, adviser1, 'POST', `${url}/drafts/${open.version}/publish/`, {}), 'publish');
              bump(countsOf(open.version), 'definition_publish');
              open = null;
            }
            if (!fresh && !open) {
              const first = ok(await save(a, adviser1, content(`Round ${round}: base`), null), 'save');
              bump(countsOf(first.version), 'definition_draft_saved');
              open = { version: first.version, checksum: first.checksum };
            }
            const base = open?.checksum ?? null;
            const contents = Array.from({ length: SAVERS }, (_, i) =>
              content(`Round ${round}: saver ${i} (${fresh ? 'new draft' : 'open draft'})`),
            );
            const answers = await Promise.all(
              contents.map((c, i) => save(i % 2 === 0 ? a : b, i % 2 === 0 ? adviser1 : adviser2, c, base)),
            );
            const statuses = answers.map((r) => r.statusCode);
            expect(
              [...statuses].sort(),
              `round ${round} ${fresh ? 'new' : 'open'}: ${answers.map((r) => r.body).join(' | ')}`,
            ).toEqual([200, ...Array<number>(SAVERS - 1).fill(409)]);
            const winner = statuses.indexOf(200);
            const summary = answers[winner]!.json();
            for (const loser of answers.filter((r) => r.statusCode === 409))
              expect(loser.json().message).toMatch(/^Draft v\d+ was changed by .+; reload it/);
            const stored = await row(summary.version);
            expect(stored.json.description).toBe(contents[winner]!.description);
            expect(stored.checksum).toBe(summary.checksum);
            bump(countsOf(summary.version), 'definition_draft_saved');
            expect(await logCounts('definition', `${id}@${summary.version}`)).toEqual(
              countsOf(summary.version),
            );
            open = { version: summary.version, checksum: summary.checksum };
          }
        }
        // One draft at most, ever.
        expect(await em().count(DefinitionVersion, { definitionId: id, status: 'draft' })).toBe(1);
      },
      TIMEOUT,
    );
  });
});
