/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- response bodies are read as untyped JSON; the assertions are what check their shape */
import { MikroORM } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Assessment } from '../src/modules/assessments/assessment.entity';
import { Claim } from '../src/modules/claims/claim.entity';
import { addWorkingDays, daysBetween, isoDay } from '../src/modules/workbench/working-days';
import {
  createCast,
  multipart,
  pdfBytes,
  sdltAnswers,
  setRole,
  submitClaim,
  type Cast,
} from './fixtures/domain';
import { bearer, createTestApp, registerUser, type TestApp } from './helpers/app';

interface Row {
  id: string;
  reference: string;
  status: string;
  assignee: { id: string } | null;
  deadline: { date: string; label: string; days_left: number | null } | null;
  sla: { working_days: number; breached: boolean } | null;
}

describe('staff workbench (issue 30 §2)', () => {
  let t: TestApp;
  let cast: Cast;
  let staff2: { id: string; headers: Record<string, string> };
  const claimIds: string[] = [];

  const request = (
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    headers: Record<string, string>,
    payload?: unknown,
  ) => t.request({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });

  const list = async (query: string, headers = cast.staff.headers): Promise<Row[]> => {
    const res = await request('GET', `/api/workbench/claims/?page_size=100&${query}`, headers);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().results;
  };

  const submit = async (): Promise<string> => {
    const saved = await request('POST', '/api/assessment/save/', cast.clientA.headers, {
      service_type: 'sdlt_refund',
      answers: sdltAnswers(),
      current_step: 0,
    });
    const submitted = await request('POST', '/api/assessment/submit/', cast.clientA.headers, {
      assessment_id: saved.json().id,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    return submitted.json().claim_id;
  };

  const em = () => t.app.get(MikroORM).em.fork();

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
    const s2 = await registerUser(t);
    await setRole(t, s2.user.id, 'STAFF');
    staff2 = { id: s2.user.id, headers: bearer(s2.access) };
    const set = await request('PUT', '/api/workbench/service-staff/sdlt_refund/', cast.admin.headers, {
      user_ids: [cast.staff.id, staff2.id],
    });
    expect(set.statusCode, set.body).toBe(200);
    for (let i = 0; i < 4; i++) claimIds.push(await submit());
  });
  afterAll(async () => {
    await t?.close();
  });

  it('is for staff only: clients get 403, the anonymous 401, settings are for admins', async () => {
    expect((await request('GET', '/api/workbench/claims/', cast.clientA.headers)).statusCode).toBe(403);
    expect((await request('GET', '/api/workbench/claims/', {})).statusCode).toBe(401);
    expect(
      (await request('GET', `/api/workbench/claims/${claimIds[0]}/timeline/`, cast.clientA.headers))
        .statusCode,
    ).toBe(403);
    expect(
      (
        await request('POST', '/api/workbench/bulk/', cast.clientA.headers, {
          action: 'assign',
          claim_ids: [claimIds[0]],
          assignee_id: null,
        })
      ).statusCode,
    ).toBe(403);
    const sla = await request('PUT', '/api/workbench/sla-targets/', cast.staff.headers, { targets: [] });
    expect(sla.statusCode).toBe(403);
    const svc = await request('PUT', '/api/workbench/service-staff/sdlt_refund/', cast.staff.headers, {
      user_ids: [],
    });
    expect(svc.statusCode).toBe(403);
    expect((await request('GET', '/api/workbench/staff/', cast.staff.headers)).statusCode).toBe(200);
  });

  it('new claims are assigned round-robin among the staff who take the service', async () => {
    const rows = await list('service=sdlt_refund');
    const byId = new Map(rows.map((r) => [r.id, r]));
    const assignees = claimIds.map((id) => byId.get(id)?.assignee?.id);
    expect(new Set(assignees)).toEqual(new Set([cast.staff.id, staff2.id]));
    // Alternating: consecutive claims never go to the same person.
    for (let i = 1; i < assignees.length; i++) expect(assignees[i]).not.toBe(assignees[i - 1]);
    const timeline = await request(
      'GET',
      `/api/workbench/claims/${claimIds[0]}/timeline/`,
      cast.staff.headers,
    );
    expect(timeline.json().items.find((i: { kind: string }) => i.kind === 'assignment').text).toMatch(
      /^Assigned automatically to /,
    );
  });

  it('every claim carries the statutory deadline the engine worked out, with a countdown', async () => {
    const stored = await em().findOneOrFail(Assessment, { claimId: claimIds[0] });
    const facts = (stored.results as { facts: Record<string, unknown> }).facts;
    expect(typeof facts.overpaymentReliefDeadline).toBe('string');
    const res = await request('GET', `/api/workbench/claims/${claimIds[0]}/`, cast.staff.headers);
    expect(res.statusCode).toBe(200);
    const row = res.json();
    expect(row.deadline.date).toBe(facts.overpaymentReliefDeadline);
    expect(row.deadline.label).toMatch(/overpayment relief/i);
    expect(row.deadline.days_left).toBe(
      daysBetween(isoDay(new Date()), facts.overpaymentReliefDeadline as string),
    );
    expect(row.deadlines.length).toBeGreaterThanOrEqual(2);
    expect(row.deadlines[0]).toEqual({ date: row.deadline.date, label: row.deadline.label });
  });

  it('filters: mine, unassigned, another staff member, status, service, search', async () => {
    const mine = await list('assignee=mine');
    expect(mine.length).toBe(2);
    expect(mine.every((r) => r.assignee?.id === cast.staff.id)).toBe(true);
    const theirs = await list(`assignee=${staff2.id}`);
    expect(theirs.map((r) => r.assignee?.id)).toEqual([staff2.id, staff2.id]);
    const one = await request('POST', `/api/workbench/claims/${claimIds[0]}/assign/`, cast.staff.headers, {
      assignee_id: null,
    });
    expect(one.statusCode, one.body).toBe(200);
    expect(one.json().assignee).toBeNull();
    const unassigned = (await list('assignee=unassigned')).map((r) => r.id);
    expect(unassigned.filter((id) => claimIds.includes(id))).toEqual([claimIds[0]]);
    expect((await list('status=in_review')).length).toBe(0);
    expect((await list('status=submitted')).length).toBe(4);
    expect((await list('service=cgt_reclaim')).length).toBe(0);
    const ref = (await list('')).find((r) => r.id === claimIds[1])!.reference;
    expect((await list(`search=${encodeURIComponent(ref)}`)).map((r) => r.id)).toEqual([claimIds[1]]);
    expect((await list(`search=${encodeURIComponent(cast.clientA.reg.email)}`)).length).toBe(4);
    // Bounded: bad filters are 400s.
    for (const bad of [
      'assignee=somebody',
      `assignee=${'-'.repeat(36)}`,
      'due=later',
      'status=lost',
      'service=Bad%20Code',
      'page_size=1000',
    ]) {
      const res = await request('GET', `/api/workbench/claims/?${bad}`, cast.staff.headers);
      expect(res.statusCode, bad).toBe(400);
    }
  });

  it('overdue and due-within-30-days views; passed deadlines first', async () => {
    const today = isoDay(new Date());
    const day = (n: number) => isoDay(new Date(Date.now() + n * 86_400_000));
    const e = em();
    const claims = await e.find(Claim, { id: { $in: claimIds } });
    const set = new Map([
      [claimIds[0], day(-3)],
      [claimIds[1], day(10)],
      [claimIds[2], day(200)],
    ]);
    for (const c of claims) if (set.has(c.id)) c.deadline = set.get(c.id)!;
    await e.flush();
    const all = await list('');
    expect(all[0]!.id).toBe(claimIds[0]);
    expect(all[0]!.deadline!.days_left).toBe(-3);
    expect(all[1]!.id).toBe(claimIds[1]);
    expect((await list('due=overdue')).map((r) => r.id)).toEqual([claimIds[0]]);
    expect((await list('due=due_soon')).map((r) => r.id)).toEqual([claimIds[1]]);
    expect(today).toBe(isoDay(new Date()));
  });

  it('SLA targets per status, set by admins; a claim over its target is flagged and overdue', async () => {
    const set = await request('PUT', '/api/workbench/sla-targets/', cast.admin.headers, {
      targets: [{ status: 'submitted', working_days: 2 }],
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().targets).toEqual([{ status: 'submitted', status_label: 'Submitted', working_days: 2 }]);
    const bad = await request('PUT', '/api/workbench/sla-targets/', cast.admin.headers, {
      targets: [{ status: 'submitted', working_days: 0 }],
    });
    expect(bad.statusCode).toBe(400);
    const e = em();
    const old = await e.findOneOrFail(Claim, { id: claimIds[3] });
    old.statusChangedAt = addWorkingDays(new Date(), -3);
    await e.flush();
    const rows = await list('');
    const flagged = rows.find((r) => r.id === claimIds[3])!;
    expect(flagged.sla).toMatchObject({ working_days: 2, breached: true });
    expect(rows.find((r) => r.id === claimIds[1])!.sla).toMatchObject({ breached: false });
    expect(new Set((await list('due=overdue')).map((r) => r.id))).toEqual(
      new Set([claimIds[0], claimIds[3]]),
    );
  });

  it('saved views per staff member: create, list, rename, delete; others cannot see them', async () => {
    const created = await request('POST', '/api/workbench/views/', cast.staff.headers, {
      name: 'My overdue',
      filters: { assignee: 'mine', due: 'overdue' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().id;
    expect(created.json().filters).toEqual({ assignee: 'mine', due: 'overdue' });
    const dup = await request('POST', '/api/workbench/views/', cast.staff.headers, {
      name: 'My overdue',
      filters: {},
    });
    expect(dup.statusCode).toBe(409);
    const badFilter = await request('POST', '/api/workbench/views/', cast.staff.headers, {
      name: 'Bad',
      filters: { due: 'yesterday' },
    });
    expect(badFilter.statusCode).toBe(400);
    expect((await request('GET', '/api/workbench/views/', staff2.headers)).json().results).toEqual([]);
    expect((await request('DELETE', `/api/workbench/views/${id}/`, staff2.headers)).statusCode).toBe(404);
    const renamed = await request('PUT', `/api/workbench/views/${id}/`, cast.staff.headers, {
      name: 'Overdue (mine)',
      filters: { assignee: 'mine', due: 'overdue', status: 'submitted' },
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    const views = (await request('GET', '/api/workbench/views/', cast.staff.headers)).json().results;
    expect(views.map((v: { name: string }) => v.name)).toEqual(['Overdue (mine)']);
    expect((await request('DELETE', `/api/workbench/views/${id}/`, cast.staff.headers)).statusCode).toBe(204);
    expect((await request('GET', '/api/workbench/views/', cast.staff.headers)).json().results).toEqual([]);
  });

  it('bulk status change reports each claim; a refused claim is left as it was', async () => {
    // claimIds[2] is first moved to in_review, from where "in_review" is not a move.
    const first = await request('POST', `/api/claims/${claimIds[2]}/status/`, cast.staff.headers, {
      status: 'in_review',
    });
    expect(first.statusCode).toBe(200);
    const missing = '00000000-0000-4000-8000-000000000000';
    const res = await request('POST', '/api/workbench/bulk/', cast.staff.headers, {
      action: 'status',
      status: 'in_review',
      note: 'Started',
      claim_ids: [claimIds[0], claimIds[2], missing],
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().results).toEqual([
      { claim_id: claimIds[0], ok: true, error: null },
      { claim_id: claimIds[2], ok: false, error: 'A claim cannot move from in_review to in_review' },
      { claim_id: missing, ok: false, error: 'Claim not found' },
    ]);
    const rows = await list('status=in_review');
    expect(rows.map((r) => r.id).sort()).toEqual([claimIds[0], claimIds[2]].sort());
  });

  it('bulk assign and message; bounded lists and bodies', async () => {
    const assign = await request('POST', '/api/workbench/bulk/', cast.staff.headers, {
      action: 'assign',
      assignee_id: staff2.id,
      claim_ids: [claimIds[0], claimIds[1]],
    });
    expect(assign.statusCode, assign.body).toBe(200);
    expect(assign.json().results.every((r: { ok: boolean }) => r.ok)).toBe(true);
    expect((await list(`assignee=${staff2.id}`)).length).toBe(3);
    const notStaff = await request('POST', '/api/workbench/bulk/', cast.staff.headers, {
      action: 'assign',
      assignee_id: cast.clientA.id,
      claim_ids: [claimIds[0]],
    });
    expect(notStaff.statusCode).toBe(400);
    // A bulk message is a versioned template, filled per claim (issue 30 §2–§3).
    const templates = await request('GET', '/api/message-templates/', cast.staff.headers);
    const template = templates.json().find((tp: { key: string }) => tp.key === 'information_needed');
    const saved = await request('PUT', '/api/message-templates/information_needed', cast.staff.headers, {
      base_version: template.version,
      subject: 'Your purchase documents for {{claim_reference}}',
      body: 'Dear {{client_name}},\n\n{{message}}\n\nClaim {{claim_reference}}\n{{firm_name}}',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const message = await request('POST', '/api/workbench/bulk/', cast.staff.headers, {
      action: 'message',
      template_key: 'information_needed',
      message: 'Please upload the completion statement.',
      claim_ids: [claimIds[1]],
    });
    expect(message.statusCode, message.body).toBe(200);
    expect(message.json().results[0].ok).toBe(true);
    const threads = await request('GET', '/api/messages/threads/', cast.clientA.headers);
    const thread = threads.json().results.find((th: { claim_id: string }) => th.claim_id === claimIds[1]);
    const opened = await request('GET', `/api/messages/threads/${thread.id}/`, cast.clientA.headers);
    const sent = opened.json().messages.at(-1);
    expect(sent.template).toEqual({ key: 'information_needed', version: saved.json().version });
    const reference = (await list('')).find((r) => r.id === claimIds[1])!.reference;
    expect(sent.body).toContain('Please upload the completion statement.');
    expect(sent.body).not.toContain('{{');
    expect(sent.body).toContain(`Claim ${reference}\nReclaim`);
    // The template's {{message}} needs its text; document templates are not sent in bulk.
    for (const [body, field] of [
      [{ template_key: 'information_needed' }, 'message'],
      [{ template_key: 'document_request', message: 'x' }, 'template_key'],
    ] as const) {
      const refused = await request('POST', '/api/workbench/bulk/', cast.staff.headers, {
        action: 'message',
        claim_ids: [claimIds[1]],
        ...body,
      });
      expect(refused.statusCode, refused.body).toBe(400);
      expect(JSON.stringify(refused.json())).toContain(field);
    }
    const unknown = await request('POST', '/api/workbench/bulk/', cast.staff.headers, {
      action: 'message',
      claim_ids: [claimIds[1]],
      template_key: 'no_such_template',
    });
    expect(unknown.statusCode).toBe(404);
    const tooMany = Array.from(
      { length: 101 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    for (const body of [
      { action: 'assign', assignee_id: null, claim_ids: tooMany },
      { action: 'assign', assignee_id: null, claim_ids: [] },
      { action: 'assign', assignee_id: null, claim_ids: [claimIds[0], claimIds[0]] },
      { action: 'message', claim_ids: [claimIds[0]], subject: 'x', body: 'free text' },
      { action: 'message', claim_ids: [claimIds[0]] },
      { action: 'status', claim_ids: [claimIds[0]] },
      { action: 'delete', claim_ids: [claimIds[0]] },
    ]) {
      const res = await request('POST', '/api/workbench/bulk/', cast.staff.headers, body);
      expect(res.statusCode, JSON.stringify(body).slice(0, 80)).toBe(400);
    }
  });

  it('one timeline per claim: events, messages, documents and assignments in order', async () => {
    const upload = multipart(
      { name: 'statement.pdf', content: pdfBytes(), type: 'application/pdf' },
      {
        claim_id: claimIds[1]!,
      },
    );
    const up = await t.request({
      method: 'POST',
      url: '/api/documents/',
      headers: { ...cast.clientA.headers, ...upload.headers },
      payload: upload.payload,
    });
    expect(up.statusCode, up.body).toBe(201);
    const res = await request('GET', `/api/workbench/claims/${claimIds[1]}/timeline/`, cast.staff.headers);
    expect(res.statusCode).toBe(200);
    const items = res.json().items as { kind: string; at: string; text: string }[];
    // Submitted and auto-assigned at the same instant: the status entry first.
    // (The bulk assignment above is a second entry only if the claim was not already staff2's.)
    expect(items.map((i) => i.kind).join(',')).toMatch(/^status,assignment,(assignment,)?message,document$/);
    const times = items.map((i) => Date.parse(i.at));
    expect([...times].sort((a, b) => a - b)).toEqual(times);
    expect(items.at(-1)!.text).toBe('Document uploaded: statement.pdf');
    expect(
      (
        await request(
          'GET',
          '/api/workbench/claims/00000000-0000-4000-8000-000000000000/timeline/',
          cast.staff.headers,
        )
      ).statusCode,
    ).toBe(404);
  });

  it("a claim's deadline is the time limit of the route it is filed under (the definition's claim routes)", async () => {
    // £24,000 paid on a £600,000 mixed-use purchase 5 months ago: the return can still be amended,
    // so the claim's deadline is the amendment's (12 months after the filing date), not the 4-year
    // overpayment relief that only follows once the amendment window has closed.
    const saved = await request('POST', '/api/assessment/save/', cast.clientA.headers, {
      service_type: 'sdlt_refund',
      answers: { ...sdltAnswers(), propertyNationSDR: 'england', sdltPaidSDR: 24000 },
      current_step: 0,
    });
    const submitted = await request('POST', '/api/assessment/submit/', cast.clientA.headers, {
      assessment_id: saved.json().id,
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const id = submitted.json().claim_id as string;
    const stored = await em().findOneOrFail(Assessment, { claimId: id });
    const facts = (stored.results as { facts: Record<string, unknown> }).facts;
    expect(facts.returnAmendDeadline).not.toBe(facts.overpaymentReliefDeadline);
    const row = (await request('GET', `/api/workbench/claims/${id}/`, cast.staff.headers)).json();
    expect(row.deadline.date).toBe(facts.returnAmendDeadline);
    expect(row.deadline.label).toMatch(/amendment of the SDLT return.*Schedule 10 paragraph 6/);
  });

  it('a claim with routes lists the route open now, then the one that opens when it closes, and no other', async () => {
    // Overpaid SDLT found 5 months after completion: amend the return, then overpayment relief. The
    // buyer is UK resident and bought no additional dwelling: no surcharge or higher-rates date.
    const answers = {
      ...sdltAnswers(),
      propertyNationSDR: 'england',
      sdltPaidSDR: 24000,
      nonUkResidentSDR: false,
      additionalPropertySDR: false,
    };
    const { claimId } = await submitClaim(t, cast.clientB.headers, 'sdlt_refund', answers);
    const res = await request('GET', `/api/workbench/claims/${claimId}/`, cast.staff.headers);
    expect(res.statusCode, res.body).toBe(200);
    const row = res.json();
    const labels = row.deadlines.map((d: { label: string }) => d.label);
    expect(labels).toEqual([
      expect.stringMatching(/amendment of the SDLT return/i),
      expect.stringMatching(/overpayment relief/i),
    ]);
    expect(row.deadlines[0].date).toBe(row.deadline.date);
    expect(row.deadlines[1].date > row.deadlines[0].date).toBe(true);
  });

  it('the services to filter and staff are those a claim can come from (an active assessment)', async () => {
    const res = await request('GET', '/api/workbench/service-staff/', cast.staff.headers);
    const codes = res.json().results.map((r: { service_type: string }) => r.service_type);
    expect(codes).toContain('sdlt_refund');
    expect(codes).toContain('eis');
    expect(codes).not.toContain('vat_reclaim'); // in the catalogue data, not offered
    expect(codes).not.toContain('employee_share_schemes'); // coming soon: no assessment yet
  });
});
