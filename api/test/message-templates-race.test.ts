import { MikroORM } from '@mikro-orm/core';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTestDatabaseUrl } from '../src/config/config';
import { MessageTemplate } from '../src/modules/messages/message-template.entity';
import { createCast, setRole, type Actor, type Cast } from './fixtures/domain';
import { bearer, createSecondApp, createTestApp, registerUser, type TestApp } from './helpers/app';

// Two staff save one message template at once (review of issue 30 §3). Each round asserts that
// exactly one save is answered 2xx and the others 409 (never a 500), that the stored versions run
// on without a gap or a duplicate, and that the version in use is exactly the winner's text.
// On PostgreSQL the savers go to two app instances on one database (separate pools); on SQLite
// to one instance (one writer).

const onPostgres = readTestDatabaseUrl() !== null;
const ROUNDS = 20;
const SAVERS = 4;
const KEY = 'claim_update';
const URL = `/api/message-templates/${KEY}`;

interface TemplateJson {
  key: string;
  version: number;
  subject: string;
  body: string;
}

describe('message template saves at once', () => {
  let a: TestApp;
  let b: TestApp;
  let cast: Cast;
  let staff2: Actor;

  const em = () => a.app.get(MikroORM).em.fork();
  const stored = () => em().find(MessageTemplate, { key: KEY }, { orderBy: { version: 'asc' } });
  const save = (on: TestApp, actor: Actor, body: string, baseVersion?: number) =>
    on.request({
      method: 'PUT',
      url: URL,
      headers: actor.headers,
      payload: {
        subject: 'An update on {{claim_reference}}',
        body,
        ...(baseVersion === undefined ? {} : { base_version: baseVersion }),
      },
    });
  const current = async (): Promise<TemplateJson> => {
    const res = await a.request({
      method: 'GET',
      url: '/api/message-templates',
      headers: cast.staff.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const found = res.json<TemplateJson[]>().find((t) => t.key === KEY);
    expect(found).toBeDefined();
    return found!;
  };
  const describeAll = (answers: LightMyRequestResponse[]) =>
    answers.map((r) => `${r.statusCode} ${r.body.slice(0, 200)}`).join(' | ');

  beforeAll(async () => {
    a = await createTestApp();
    b = onPostgres ? await createSecondApp(a, { migrate: false }) : a;
    cast = await createCast(a);
    const second = await registerUser(a);
    await setRole(a, second.user.id, 'STAFF');
    staff2 = { name: 'staff', headers: bearer(second.access), id: second.user.id };
  }, 60_000);
  afterAll(async () => {
    if (b !== a) await b?.close();
    await a?.close();
  });

  it(`${SAVERS} saves on one base version, ${ROUNDS} rounds: one 200, the rest 409, nothing lost or stacked`, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const before = await current();
      const bodies = Array.from({ length: SAVERS }, (_, i) => `Round ${round}, saver ${i}: {{message}}`);
      const answers = await Promise.all(
        bodies.map((body, i) =>
          save(i % 2 === 0 ? a : b, i % 2 === 0 ? cast.staff : staff2, body, before.version),
        ),
      );
      const label = `round ${round}: ${describeAll(answers)}`;
      expect(answers.map((r) => r.statusCode).sort(), label).toEqual([
        200,
        ...Array<number>(SAVERS - 1).fill(409),
      ]);
      const winner = answers.findIndex((r) => r.statusCode === 200);
      expect(answers[winner]!.json<TemplateJson>()).toMatchObject({
        version: before.version + 1,
        body: bodies[winner],
      });
      for (const loser of answers.filter((r) => r.statusCode === 409)) {
        expect(loser.json<{ message: string }>().message, label).toMatch(
          /^The template "Claim update" was changed by .+ \(now version \d+\); reload it/,
        );
      }
      // No partial or lost write: one new row, versions 1..n with no gap, the winner's text in use.
      const rows = await stored();
      expect(
        rows.map((r) => r.version),
        label,
      ).toEqual(Array.from({ length: before.version + 1 }, (_, i) => i + 1));
      expect(rows.at(-1)!.body, label).toBe(bodies[winner]);
      expect((await current()).body).toBe(bodies[winner]);
    }
  }, 300_000);

  it('saves without a base version are refused with a 400 naming base_version, and write nothing', async () => {
    const before = await current();
    const answers = await Promise.all(
      Array.from({ length: SAVERS }, (_, i) =>
        save(i % 2 === 0 ? a : b, i % 2 === 0 ? cast.staff : staff2, `Unversioned ${i}: {{message}}`),
      ),
    );
    for (const r of answers) {
      expect(r.statusCode, r.body).toBe(400);
      expect(r.json<{ errors: unknown[] }>().errors).toEqual([
        {
          field: 'base_version',
          message: 'base_version is required to save: the version of the template you opened',
        },
      ]);
    }
    expect((await stored()).length).toBe(before.version);
  });
});
