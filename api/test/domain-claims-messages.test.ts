/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call, @typescript-eslint/no-unsafe-return -- response bodies are read as untyped JSON; the assertions are what check their shape */
import { EntityManager } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActivityLog } from '../src/modules/activity-logs/activity-log.entity';
import { Assessment } from '../src/modules/assessments/assessment.entity';
import { Claim } from '../src/modules/claims/claim.entity';
import { ContactMessage } from '../src/modules/contact/contact-message.entity';
import { Document } from '../src/modules/documents/document.entity';
import { MessageThread } from '../src/modules/messages/message-thread.entity';
import { createCast, multipart, pdfBytes, sdltAnswers, type Cast, submitSdltClaim } from './fixtures/domain';
import { createTestApp, login, type TestApp } from './helpers/app';
import { waitForMail } from './helpers/mail';
import { DEMO_EMAIL, DEMO_PASSWORD } from '../src/database/seeders/demo';

describe('claims pipeline and messages', () => {
  let t: TestApp;
  let cast: Cast;
  let claimId: string;
  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
    claimId = await submitSdltClaim(t, cast.clientA.headers);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('a submitted assessment is an application in the staff pipeline and in the client’s list', async () => {
    const staff = await t.request({
      method: 'GET',
      url: '/api/claims/?stage=application&page_size=100',
      headers: cast.staff.headers,
    });
    expect(staff.statusCode).toBe(200);
    const row = staff.json().results.find((c: { id: string }) => c.id === claimId);
    expect(row).toMatchObject({
      status: 'submitted',
      stage: 'application',
      service_type: 'sdlt_refund',
      user: { id: cast.clientA.id },
      estimated_value: { low: 16800, median: 24000, high: 31200 },
    });
    const own = await t.request({ method: 'GET', url: '/api/claims/', headers: cast.clientA.headers });
    expect(own.json()).toMatchObject({ count: 1, page: 1, page_size: 20 });
    const other = await t.request({ method: 'GET', url: '/api/claims/', headers: cast.clientB.headers });
    expect(other.json().count).toBe(0);
    const filed = await t.request({
      method: 'GET',
      url: '/api/claims/?stage=claim',
      headers: cast.clientA.headers,
    });
    expect(filed.json().count).toBe(0);
  });

  it('staff move the claim with a note: timeline entry, activity row, e-mail to the client', async () => {
    const res = await t.request({
      method: 'POST',
      url: `/api/claims/${claimId}/status/`,
      headers: cast.staff.headers,
      payload: { status: 'in_review', note: 'Looking at your purchase now.' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const claim = res.json();
    expect(claim.status).toBe('in_review');
    expect(claim.timeline.map((e: { status: string }) => e.status)).toEqual(['submitted', 'in_review']);
    expect(claim.timeline[1]).toMatchObject({
      note: 'Looking at your purchase now.',
      actor: { id: cast.staff.id, role: 'STAFF' },
    });
    const mail = await waitForMail(t.dataDir, cast.clientA.reg.email);
    expect(mail).toContain(claim.reference);
    expect(mail).toContain('In review');
    const logs = await t.app
      .get(EntityManager)
      .fork()
      .find(ActivityLog, { action: 'claim_status_change', targetId: claimId });
    expect(logs).toHaveLength(1);
    expect(logs[0]!.detail).toMatchObject({ from: 'submitted', to: 'in_review' });

    const detail = await t.request({
      method: 'GET',
      url: `/api/claims/${claimId}/`,
      headers: cast.clientA.headers,
    });
    expect(detail.json().timeline).toHaveLength(2);
  });

  it('only allowed transitions; clients cannot move claims; others see 404', async () => {
    const jump = await t.request({
      method: 'POST',
      url: `/api/claims/${claimId}/status/`,
      headers: cast.staff.headers,
      payload: { status: 'paid' },
    });
    expect(jump.statusCode).toBe(400);
    expect(jump.json().errors[0].field).toBe('status');
    const bogus = await t.request({
      method: 'POST',
      url: `/api/claims/${claimId}/status/`,
      headers: cast.staff.headers,
      payload: { status: 'done' },
    });
    expect(bogus.statusCode).toBe(400);
    const byClient = await t.request({
      method: 'POST',
      url: `/api/claims/${claimId}/status/`,
      headers: cast.clientA.headers,
      payload: { status: 'withdrawn' },
    });
    expect(byClient.statusCode).toBe(403);
    expect(
      (await t.request({ method: 'GET', url: `/api/claims/${claimId}/`, headers: cast.clientB.headers }))
        .statusCode,
    ).toBe(404);

    for (const status of ['ready_to_file', 'filed']) {
      const step = await t.request({
        method: 'POST',
        url: `/api/claims/${claimId}/status/`,
        headers: cast.admin.headers,
        payload: { status },
      });
      expect(step.statusCode).toBe(200);
    }
    const claims = await t.request({
      method: 'GET',
      url: '/api/claims/?stage=claim',
      headers: cast.clientA.headers,
    });
    expect(claims.json().results[0]).toMatchObject({ id: claimId, stage: 'claim', status: 'filed' });
  });

  it('messages: a client opens a thread, staff reply, unread counts move and reading clears them', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/messages/threads/',
      headers: cast.clientA.headers,
      payload: { subject: 'Question about my claim', body: 'When will I hear back?', claim_id: claimId },
    });
    expect(created.statusCode, created.body).toBe(201);
    const thread = created.json();
    expect(thread).toMatchObject({
      claim_id: claimId,
      client: { id: cast.clientA.id },
      messages: [{ body: 'When will I hear back?' }],
    });

    const staffUnread = await t.request({
      method: 'GET',
      url: '/api/messages/unread-count/',
      headers: cast.staff.headers,
    });
    expect(staffUnread.json().unread).toBeGreaterThanOrEqual(1);
    const reply = await t.request({
      method: 'POST',
      url: `/api/messages/threads/${thread.id}/messages/`,
      headers: cast.staff.headers,
      payload: { body: 'Within two business days.' },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({
      thread_id: thread.id,
      sender: { id: cast.staff.id, role: 'STAFF' },
      read_at: null,
    });

    expect(
      (
        await t.request({ method: 'GET', url: '/api/messages/unread-count/', headers: cast.clientA.headers })
      ).json(),
    ).toEqual({ unread: 1 });
    const list = await t.request({
      method: 'GET',
      url: '/api/messages/threads/',
      headers: cast.clientA.headers,
    });
    expect(list.json().results.find((x: { id: string }) => x.id === thread.id)).toMatchObject({
      unread_count: 1,
    });
    const opened = await t.request({
      method: 'GET',
      url: `/api/messages/threads/${thread.id}/`,
      headers: cast.clientA.headers,
    });
    expect(opened.json().messages).toHaveLength(2);
    expect(
      (
        await t.request({ method: 'GET', url: '/api/messages/unread-count/', headers: cast.clientA.headers })
      ).json(),
    ).toEqual({ unread: 0 });

    expect(
      (
        await t.request({
          method: 'GET',
          url: `/api/messages/threads/${thread.id}/`,
          headers: cast.clientB.headers,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.request({
          method: 'POST',
          url: `/api/messages/threads/${thread.id}/messages/`,
          headers: cast.clientB.headers,
          payload: { body: 'hi' },
        })
      ).statusCode,
    ).toBe(404);
    const foreignClaim = await t.request({
      method: 'POST',
      url: '/api/messages/threads/',
      headers: cast.clientB.headers,
      payload: { subject: 'x', body: 'y', claim_id: claimId },
    });
    expect(foreignClaim.statusCode).toBe(400);
  });

  it('staff start a thread with a client; a client cannot name another client', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/api/messages/threads/',
      headers: cast.staff.headers,
      payload: { subject: 'Welcome', body: 'Hello from Reclaim', client_id: cast.clientB.id },
    });
    expect(res.statusCode).toBe(201);
    expect(
      (
        await t.request({ method: 'GET', url: '/api/messages/unread-count/', headers: cast.clientB.headers })
      ).json(),
    ).toEqual({ unread: 1 });
    const missing = await t.request({
      method: 'POST',
      url: '/api/messages/threads/',
      headers: cast.staff.headers,
      payload: { subject: 'Welcome', body: 'x' },
    });
    expect(missing.statusCode).toBe(400);
    const spoof = await t.request({
      method: 'POST',
      url: '/api/messages/threads/',
      headers: cast.clientA.headers,
      payload: { subject: 'x', body: 'y', client_id: cast.clientB.id },
    });
    expect(spoof.statusCode).toBe(400);
  });

  it('the seeded demo client has a living portal: a claim with a timeline, messages and a downloadable PDF', async () => {
    const tokens = await login(t, DEMO_EMAIL, DEMO_PASSWORD, { remoteAddress: '10.201.0.1' });
    const headers = { authorization: `Bearer ${tokens.access}` };
    const claims = await t.request({ method: 'GET', url: '/api/claims/', headers });
    expect(claims.json().count).toBe(1);
    const claim = (
      await t.request({ method: 'GET', url: `/api/claims/${claims.json().results[0].id}/`, headers })
    ).json();
    expect(claim.timeline.map((e: { status: string }) => e.status)).toEqual([
      'submitted',
      'in_review',
      'documents_requested',
    ]);
    expect((await t.request({ method: 'GET', url: '/api/messages/unread-count/', headers })).json()).toEqual({
      unread: 1,
    });
    const docs = (await t.request({ method: 'GET', url: '/api/documents/', headers })).json();
    expect(docs.count).toBe(1);
    const pdf = await t.request({
      method: 'GET',
      url: `/api/documents/${docs.results[0].id}/download/`,
      headers,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.rawPayload.toString('latin1')).toMatch(/startxref\n\d+\n%%EOF\n$/);
    const assessment = (
      await t.request({ method: 'GET', url: `/api/assessment/${claim.assessment_id}/`, headers })
    ).json();
    expect(assessment).toMatchObject({ status: 'COMPLETED', sdlt_eligibility_for_refund: true });
    const tasks = (
      await t.request({ method: 'GET', url: `/api/assessment/${claim.assessment_id}/documents/`, headers })
    ).json();
    expect(tasks.filter((x: { status: string }) => x.status === 'completed')).toHaveLength(1);
  });
});

describe('UK GDPR: the domain tables in the export, and erasure keeping held records', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('exports every domain record of the user; erasure deletes what no legal hold keeps', async () => {
    const cast = await createCast(t);
    const headers = cast.clientA.headers;
    const draft = await t.request({
      method: 'POST',
      url: '/api/assessment/save/',
      headers,
      payload: { service_type: 'patent_box', answers: { hasPatents: true }, current_step: 0 },
    });
    const saved = await t.request({
      method: 'POST',
      url: '/api/assessment/save/',
      headers,
      payload: { service_type: 'sdlt_refund', answers: sdltAnswers(), current_step: 0 },
    });
    const submitted = await t.request({
      method: 'POST',
      url: '/api/assessment/submit/',
      headers,
      payload: { assessment_id: saved.json().id },
    });
    const claimId = submitted.json().claim_id;
    const upload = async (fields: Record<string, string>) => {
      const body = multipart({ name: 'doc.pdf', content: pdfBytes() }, fields);
      return (
        await t.request({
          method: 'POST',
          url: '/api/documents/',
          headers: { ...headers, ...body.headers },
          payload: body.payload,
        })
      ).json().id;
    };
    const heldDoc = await upload({ claim_id: claimId });
    const looseDoc = await upload({});
    await t.request({
      method: 'POST',
      url: '/api/messages/threads/',
      headers,
      payload: { subject: 'About my claim', body: 'x', claim_id: claimId },
    });
    await t.request({
      method: 'POST',
      url: '/api/messages/threads/',
      headers,
      payload: { subject: 'General', body: 'y' },
    });
    await t.request({
      method: 'POST',
      url: '/contact/',
      payload: { name: 'A', email: cast.clientA.reg.email, subject: 'Hi', message: 'Hello' },
    });

    const exported = (await t.request({ method: 'GET', url: '/users/current/export/', headers })).json();
    expect(exported.assessments.map((a: { id: string }) => a.id).sort()).toEqual(
      [draft.json().id, saved.json().id].sort(),
    );
    expect(
      exported.assessments.find((a: { id: string }) => a.id === saved.json().id).document_tasks.length,
    ).toBeGreaterThan(0);
    expect(exported.claims).toHaveLength(1);
    expect(exported.claims[0].timeline).toHaveLength(1);
    expect(exported.message_threads).toHaveLength(2);
    expect(exported.documents.map((d: { id: string }) => d.id).sort()).toEqual([heldDoc, looseDoc].sort());
    expect(exported.contact_messages).toHaveLength(1);

    const erased = await t.request({
      method: 'DELETE',
      url: '/users/current/',
      headers,
      payload: { password: cast.clientA.reg.password },
    });
    expect(erased.statusCode, erased.body).toBe(204);
    const em = t.app.get(EntityManager).fork();
    expect(await em.count(Assessment, { id: draft.json().id })).toBe(0);
    expect(await em.count(Assessment, { id: saved.json().id })).toBe(1);
    expect(await em.count(Claim, { id: claimId })).toBe(1);
    expect(await em.count(Document, { id: looseDoc })).toBe(0);
    expect(await em.count(Document, { id: heldDoc })).toBe(1);
    expect(await em.count(MessageThread, { client: cast.clientA.id! })).toBe(1);
    expect(await em.count(ContactMessage, { email: cast.clientA.reg.email })).toBe(0);
  });
});
