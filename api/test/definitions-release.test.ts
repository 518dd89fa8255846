/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return, @typescript-eslint/no-unsafe-argument -- response bodies are read as untyped JSON; the assertions are what check their shape */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { InjectOptions } from 'fastify';
import { MikroORM } from '@mikro-orm/core';
import { Clock } from '../src/common/clock';
import { DefinitionVersion } from '../src/modules/definitions/definition-version.entity';
import { bearer, createTestApp, registerUser, type TestApp } from './helpers/app';
import { createCast, sdltAnswers, setRole, type Actor, type Cast } from './fixtures/domain';

// Issue 9, point 6: the release workflow (four eyes). Draft → submitted (note + source) →
// approved by another adviser against the draft's checksum → published now or on a later date;
// an edit withdraws the review; rollback is a new draft through review, or an ADMIN emergency with
// a reason; every step is in the definition's history.
describe('adviser studio: release workflow (four eyes)', () => {
  let t: TestApp;
  let cast: Cast;
  let staff2: Actor;
  let published: Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- edited freely below
  const base = '/api/definitions/sdlt_refund';
  const note = {
    release_note: 'Likely threshold 75 → 70 after the review of 2026 cases',
    source_url: 'https://www.gov.uk/hmrc-internal-manuals/stamp-duty-land-tax-manual',
  };

  const call = (actor: Actor, method: InjectOptions['method'], url: string, payload?: unknown) =>
    t.request({
      method,
      url,
      headers: actor.headers,
      ...(payload === undefined ? {} : { payload: payload as InjectOptions['payload'] }),
    });
  const today = () => t.app.get(Clock).today();
  const addDays = (day: string, n: number) =>
    new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
  const publishedVersion = async () =>
    (await t.request({ method: 'GET', url: `${base}/published/` })).json().definition.version as number;

  /** Saves a draft with the Likely threshold at `likely`, as `who`; its summary. */
  const saveDraft = async (who: Actor, likely: number, baseChecksum?: string) => {
    const draft = structuredClone(published);
    draft.eligibility.bands.find((b: { likelihood: string }) => b.likelihood === 'Likely').min = likely;
    draft.tests = [];
    const res = await call(who, 'PUT', `${base}/draft/`, {
      definition: draft,
      ...(baseChecksum ? { base_checksum: baseChecksum } : {}),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
    const second = await registerUser(t);
    await setRole(t, second.user.id, 'STAFF');
    staff2 = { name: 'staff', headers: bearer(second.access), id: second.user.id };
    published = (await t.request({ method: 'GET', url: `${base}/published/` })).json().definition;
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  it('submit needs a release note and an http(s) source link; clients cannot submit', async () => {
    const draft = await saveDraft(cast.staff, 70);
    expect(draft.review).toMatchObject({ state: 'editing', submitted_by: null });
    expect(draft.updated_by).toMatchObject({ id: cast.staff.id });
    const url = `${base}/drafts/${draft.version}/submit/`;
    const noNote = await call(cast.staff, 'POST', url, { ...note, release_note: '   ' });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.body).toContain('release_note must be a short note of what changes and why');
    const longNote = await call(cast.staff, 'POST', url, { ...note, release_note: 'x'.repeat(2001) });
    expect(longNote.statusCode).toBe(400);
    for (const source_url of ['javascript:alert(1)', 'ftp://example.com/x', 'not a link', '']) {
      const bad = await call(cast.staff, 'POST', url, { ...note, source_url });
      expect(bad.statusCode, source_url).toBe(400);
      expect(bad.body).toContain('source_url must be a link (https://…) to the source of the change');
    }
    expect((await call(cast.clientA, 'POST', url, note)).statusCode).toBe(403);
    const ok = await call(cast.staff, 'POST', url, note);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      status: 'draft',
      review: {
        state: 'submitted',
        release_note: note.release_note,
        source_url: note.source_url,
        submitted_by: { id: cast.staff.id },
      },
    });
    expect((await call(cast.staff, 'POST', url, note)).statusCode).toBe(409);
  });

  it('a draft whose results contradict themselves is refused with 422, each case and text in words (issue 28)', async () => {
    const draft = structuredClone(published);
    const rule = draft.eligibility.rules.find((r: { id: string }) => r.id === 'value_given');
    rule.reason = 'Your purchase value is £250,000 or less, so any overpayment is smaller';
    rule.direction = 'against';
    draft.tests = [];
    const saved = await call(cast.staff, 'PUT', `${base}/draft/`, { definition: draft });
    expect(saved.statusCode, saved.body).toBe(200);
    const res = await call(cast.staff, 'POST', `${base}/drafts/${saved.json().version}/submit/`, note);
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json().message).toBe(
      'The results this draft gives contradict themselves; fix these before submitting it for review',
    );
    expect(res.json().consistency[0]).toMatchObject({
      rule: 'against-adds-points',
      message:
        'The reason “Your purchase value is £250,000 or less, so any overpayment is smaller” argues against the claim, yet it adds 5 points to the eligibility score.',
      case: expect.stringMatching(/^(Answer combination|Generated answers) \d+$/),
    });
    // still being edited: nothing was submitted
    const after = (await call(cast.staff, 'GET', `${base}/drafts/${saved.json().version}/`)).json();
    expect(after.review.state).toBe('editing');
    // the open draft back as the test before left it: threshold 70, submitted
    const restored = await saveDraft(cast.staff, 70);
    const again = await call(cast.staff, 'POST', `${base}/drafts/${restored.version}/submit/`, note);
    expect(again.statusCode, again.body).toBe(200);
  });

  it('self-approval is refused (403, in words); another adviser approves the checksum they read', async () => {
    const draft = (await call(cast.staff, 'GET', `${base}/drafts/${await saveDraftVersion()}/`)).json();
    const url = `${base}/drafts/${draft.version}/approve/`;
    const self = await call(cast.staff, 'POST', url, { checksum: draft.checksum });
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(
      'You submitted or last edited this draft; a different adviser must approve it.',
    );
    const stale = await call(staff2, 'POST', url, { checksum: 'a'.repeat(64) });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'The draft changed after you opened it; review the new version before approving.',
    );
    expect((await call(cast.clientA, 'POST', url, { checksum: draft.checksum })).statusCode).toBe(403);
    const ok = await call(staff2, 'POST', url, { checksum: draft.checksum });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().review).toMatchObject({
      state: 'approved',
      approved_by: { id: staff2.id },
      approved_checksum: draft.checksum,
    });
  });

  /** The open draft's version. */
  async function saveDraftVersion(): Promise<number> {
    const list = (await call(cast.staff, 'GET', '/api/definitions/')).json();
    return list.find((v: { id: string; status: string }) => v.id === 'sdlt_refund' && v.status === 'draft')
      .version;
  }

  it('an edit withdraws the approval (activity row); publish then needs a new review', async () => {
    const version = await saveDraftVersion();
    const before = (await call(cast.staff, 'GET', `${base}/drafts/${version}/`)).json();
    expect(before.review.state).toBe('approved');
    const edited = await saveDraft(cast.admin, 71, before.checksum);
    expect(edited.review).toMatchObject({ state: 'editing', approved_by: null, approved_checksum: null });
    const publish = await call(staff2, 'POST', `${base}/drafts/${version}/publish/`, {});
    expect(publish.statusCode).toBe(409);
    expect(publish.json().message).toBe(`Draft v${version} is not approved`);
    // The last editor (the admin) may not approve either, even though staff submits.
    expect((await call(cast.staff, 'POST', `${base}/drafts/${version}/submit/`, note)).statusCode).toBe(200);
    const byEditor = await call(cast.admin, 'POST', `${base}/drafts/${version}/approve/`, {
      checksum: edited.checksum,
    });
    expect(byEditor.statusCode).toBe(403);
    const history = (await call(cast.staff, 'GET', `${base}/history/`)).json().items;
    expect(history).toContainEqual(
      expect.objectContaining({
        action: 'definition_review_withdrawn',
        version,
        user: { id: cast.admin.id, name: expect.any(String) },
        detail: { was: 'approved' },
      }),
    );
  });

  it('publish needs an approval; a later date is stored as published and goes live when the clock reaches it', async () => {
    const version = await saveDraftVersion();
    const draft = (await call(cast.staff, 'GET', `${base}/drafts/${version}/`)).json();
    expect(draft.review.state).toBe('submitted');
    expect((await call(staff2, 'POST', `${base}/drafts/${version}/publish/`, {})).statusCode).toBe(409);
    expect(
      (await call(staff2, 'POST', `${base}/drafts/${version}/approve/`, { checksum: draft.checksum }))
        .statusCode,
    ).toBe(200);
    const past = await call(staff2, 'POST', `${base}/drafts/${version}/publish/`, {
      effective_from: addDays(today(), -1),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().message).toBe(`effective_from cannot be before today (${today()})`);

    const before = await publishedVersion();
    const liveOn = addDays(today(), 14);
    const scheduled = await call(staff2, 'POST', `${base}/drafts/${version}/publish/`, {
      effective_from: liveOn,
    });
    expect(scheduled.statusCode, scheduled.body).toBe(200);
    expect(scheduled.json()).toMatchObject({
      version,
      status: 'published',
      scheduled: true,
      effectiveFrom: liveOn,
      review: { state: 'published', approved_by: { id: staff2.id } },
    });
    // Not yet: visitors and new assessments still get the version in force today.
    expect(await publishedVersion()).toBe(before);
    const clock = t.app.get(Clock);
    const spy = vi.spyOn(clock, 'today').mockReturnValue(addDays(liveOn, -1));
    try {
      expect(await publishedVersion()).toBe(before);
      spy.mockReturnValue(liveOn);
      // The day comes: no deploy, no job; the version by date is the new one.
      expect(await publishedVersion()).toBe(version);
      const saved = await call(cast.clientA, 'POST', '/api/assessment/save/', {
        service_type: 'sdlt_refund',
        answers: sdltAnswers(),
        current_step: 0,
      });
      expect(saved.statusCode, saved.body).toBe(201);
      expect(saved.json().definition_version).toBe(version);
    } finally {
      spy.mockRestore();
    }
    const history = (await call(cast.staff, 'GET', `${base}/history/`)).json().items;
    expect(history[0]).toMatchObject({
      action: 'definition_publish',
      label: `Published v${version}`,
      version,
      user: { id: staff2.id },
      detail: { effective_from: liveOn, scheduled: true },
    });
  });

  it('a normal rollback is a new draft copying an older version, through the same review', async () => {
    const inForce = await publishedVersion();
    const res = await call(cast.staff, 'POST', `${base}/rollback-draft/`, { to_version: 1 });
    expect(res.statusCode, res.body).toBe(201);
    const draft = (await call(cast.staff, 'GET', `${base}/drafts/${res.json().version}/`)).json();
    expect(draft).toMatchObject({ status: 'draft', review: { state: 'editing' } });
    const v1 = await t.app
      .get(MikroORM)
      .em.fork()
      .findOneOrFail(DefinitionVersion, { definitionId: 'sdlt_refund', version: 1 }, { populate: ['json'] });
    expect(draft.definition.eligibility).toEqual(v1.json.eligibility);
    expect(draft.definition.questionnaire).toEqual(v1.json.questionnaire);
    expect(await publishedVersion()).toBe(inForce);
    expect((await call(cast.staff, 'POST', `${base}/rollback-draft/`, {})).statusCode).toBe(409);
    const history = (await call(cast.staff, 'GET', `${base}/history/`)).json().items;
    expect(history[0]).toMatchObject({
      action: 'definition_rollback_draft',
      version: draft.version,
      detail: { copy_of: 1 },
    });
    // Same review as any draft: submit, another adviser approves. Publishing it before the
    // scheduled version's date is refused (that version, with a lower number, would never go live).
    const base2 = `${base}/drafts/${draft.version}`;
    expect((await call(cast.staff, 'POST', `${base2}/submit/`, note)).statusCode).toBe(200);
    expect(
      (await call(cast.staff, 'POST', `${base2}/approve/`, { checksum: draft.checksum })).statusCode,
    ).toBe(403);
    expect((await call(staff2, 'POST', `${base2}/approve/`, { checksum: draft.checksum })).statusCode).toBe(
      200,
    );
    const hidden = await call(staff2, 'POST', `${base2}/publish/`, {});
    expect(hidden.statusCode).toBe(409);
    expect(hidden.json().message).toMatch(
      /^v\d+ is scheduled for \d{4}-\d\d-\d\d; publish from that date or later, or retire it first$/,
    );
    expect((await call(cast.staff, 'POST', `${base2}/withdraw/`, {})).json().review.state).toBe('editing');
  });

  it('emergency rollback: ADMIN only, with a reason, no review; in the history with the reason', async () => {
    const url = `${base}/rollback/`;
    const reason = { reason: 'The new threshold sends every client to Likely; back out now' };
    expect((await call(cast.staff, 'POST', url, reason)).statusCode).toBe(403);
    const noReason = await call(cast.admin, 'POST', url, { reason: ' ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.body).toContain('reason must say why this emergency rollback is needed');
    expect((await call(cast.admin, 'POST', url, {})).statusCode).toBe(400);
    const inForce = await publishedVersion();
    const ok = await call(cast.admin, 'POST', url, reason);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({ retired: { version: inForce, status: 'retired' } });
    expect(await publishedVersion()).toBe(ok.json().current.version);
    const history = (await call(cast.staff, 'GET', `${base}/history/`)).json().items;
    expect(history[0]).toMatchObject({
      action: 'definition_rollback',
      label: `Emergency rollback: retired v${inForce}`,
      user: { id: cast.admin.id },
      detail: { retired: inForce, reason: reason.reason },
    });
  });

  it('history lists every step newest first, with who, when, note and version; staff only', async () => {
    const res = await call(cast.staff, 'GET', `${base}/history/`);
    expect(res.statusCode).toBe(200);
    const items: { at: string; action: string; version: number; user: { name: string } | null }[] =
      res.json().items;
    const actions = items.map((i) => i.action);
    for (const action of [
      'definition_draft_saved',
      'definition_submitted',
      'definition_approved',
      'definition_review_withdrawn',
      'definition_publish',
      'definition_rollback_draft',
      'definition_rollback',
    ])
      expect(actions).toContain(action);
    expect([...items].sort((a, b) => b.at.localeCompare(a.at))).toEqual(items);
    expect(items.find((i) => i.action === 'definition_submitted')).toMatchObject({
      detail: { note: note.release_note, source_url: note.source_url },
      user: { name: expect.any(String) },
    });
    expect((await call(cast.clientA, 'GET', `${base}/history/`)).statusCode).toBe(403);
    expect((await call(cast.staff, 'GET', '/api/definitions/nothing_here/history/')).statusCode).toBe(404);
  });

  it('a save from an editor that opened no draft, while another adviser has one open, is a 409 naming them', async () => {
    const open = await saveDraftVersion();
    const draft = structuredClone(published);
    draft.tests = [];
    const res = await call(staff2, 'PUT', `${base}/draft/`, { definition: draft, base_checksum: null });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(
      new RegExp(
        `^Draft v${open} was changed by .+ at \\d\\d:\\d\\d on \\d{4}-\\d\\d-\\d\\d \\(UTC\\); reload it`,
      ),
    );
    expect(res.json().changed_by).toMatchObject({ id: cast.staff.id, name: expect.any(String) });
  });

  it('a reviewer can send a submitted draft back with a comment; the submitter cannot', async () => {
    const version = await saveDraftVersion();
    expect((await call(cast.staff, 'POST', `${base}/drafts/${version}/submit/`, note)).statusCode).toBe(200);
    const url = `${base}/drafts/${version}/request-changes/`;
    const own = await call(cast.staff, 'POST', url, { comment: 'Mine' });
    expect(own.statusCode).toBe(403);
    expect((await call(staff2, 'POST', url, { comment: '  ' })).statusCode).toBe(400);
    const res = await call(staff2, 'POST', url, { comment: 'Cite the SDLTM page for the new threshold' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().review).toMatchObject({ state: 'editing', submitted_by: null });
    const history = (await call(cast.staff, 'GET', `${base}/history/`)).json().items;
    expect(history[0]).toMatchObject({
      action: 'definition_changes_requested',
      label: `Changes requested on v${version}`,
      user: { id: staff2.id },
      detail: { comment: 'Cite the SDLTM page for the new threshold' },
    });
  });
});
