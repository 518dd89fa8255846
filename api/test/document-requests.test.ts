/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- response bodies are read as untyped JSON; the assertions are what check their shape */
import { EntityManager } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { Clock } from '../src/common/clock';
import { Message } from '../src/modules/messages/message.entity';
import { DocumentRequestsService } from '../src/modules/messages/document-requests.service';
import { createCast, multipart, pdfBytes, type Cast, submitSdltClaim } from './fixtures/domain';
import { createSecondApp, createTestApp, type TestApp } from './helpers/app';
import { mailBody, waitForMail } from './helpers/mail';

const DAY = 86_400_000;

// Issue 30 §3: staff ask for a document with a due date; the client is e-mailed and reminded
// once per interval (and once when overdue) until a document uploaded against it closes it.
describe('document requests and reminders', () => {
  let t: TestApp;
  let cast: Cast;
  let claimId: string;
  let requestId: string;
  const start = Date.now();
  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
    claimId = await submitSdltClaim(t, cast.clientA.headers);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await t?.close();
  });

  const dueIn = (days: number) => new Date(start + days * DAY).toISOString().slice(0, 10);
  const sent = async (key: string) =>
    t.app
      .get(EntityManager)
      .fork()
      .count(Message, { templateKey: key, thread: { claim: claimId } });

  it('refuses a bad request with 400s, a client with 403', async () => {
    const url = `/api/claims/${claimId}/document-requests/`;
    const past = await t.request({
      method: 'POST',
      url,
      headers: cast.staff.headers,
      payload: { name: 'Deed', reason: 'r', due_date: '2020-01-01' },
    });
    expect(past.statusCode).toBe(400);
    expect(past.json().errors[0].field).toBe('due_date');
    const notDate = await t.request({
      method: 'POST',
      url,
      headers: cast.staff.headers,
      payload: { name: 'Deed', reason: 'r', due_date: '2027-02-31' },
    });
    expect(notDate.statusCode).toBe(400);
    const client = await t.request({
      method: 'POST',
      url,
      headers: cast.clientA.headers,
      payload: { name: 'Deed', reason: 'r', due_date: dueIn(10) },
    });
    expect(client.statusCode).toBe(403);
  });

  it('staff request a document: the client is e-mailed what, why and by when, and sees it in the portal', async () => {
    const res = await t.request({
      method: 'POST',
      url: `/api/claims/${claimId}/document-requests/`,
      headers: cast.staff.headers,
      payload: {
        name: 'Transfer deed (TR1)',
        reason: 'It shows the date the purchase completed.',
        due_date: dueIn(10),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ status: 'pending', due_date: dueIn(10), requested_by_staff: true });
    requestId = res.json().id;
    const mail = mailBody(await waitForMail(t.dataDir, cast.clientA.reg.user.email));
    expect(mail).toContain('Transfer deed (TR1)');
    expect(mail).toContain('It shows the date the purchase completed.');
    expect(await sent('document_request')).toBe(1);

    const pending = await t.request({
      method: 'GET',
      url: '/api/document-tasks/pending/',
      headers: cast.clientA.headers,
    });
    const mine = pending.json().find((x: { id: string }) => x.id === requestId);
    expect(mine).toMatchObject({
      name: 'Transfer deed (TR1)',
      description: expect.stringContaining('date the purchase'),
      due_date: dueIn(10),
    });
    const listed = await t.request({
      method: 'GET',
      url: `/api/claims/${claimId}/document-requests/`,
      headers: cast.clientA.headers,
    });
    expect(listed.json().map((x: { id: string }) => x.id)).toContain(requestId);
    const other = await t.request({
      method: 'GET',
      url: `/api/claims/${claimId}/document-requests/`,
      headers: cast.clientB.headers,
    });
    expect(other.statusCode).toBe(404);
  });

  it('reminders: none within the interval, one per interval, never two for one interval', async () => {
    const reminders = t.app.get(DocumentRequestsService);
    const clock = t.app.get(Clock);
    vi.spyOn(clock, 'now').mockReturnValue(new Date(start + 3 * DAY));
    expect(await reminders.sweep()).toEqual({ reminded: 0, overdue: 0 });
    vi.spyOn(clock, 'now').mockReturnValue(new Date(start + 7 * DAY + 60_000));
    expect(await reminders.sweep()).toEqual({ reminded: 1, overdue: 0 });
    expect(await reminders.sweep()).toEqual({ reminded: 0, overdue: 0 });
    vi.spyOn(clock, 'now').mockReturnValue(new Date(start + 9 * DAY));
    expect(await reminders.sweep()).toEqual({ reminded: 0, overdue: 0 });
    expect(await sent('document_reminder')).toBe(1);
  });

  it('overdue: one e-mail when the due date has passed; two instances sweeping at once send it once', async () => {
    const second = await createSecondApp(t);
    try {
      const at = new Date(start + 11 * DAY);
      vi.spyOn(t.app.get(Clock), 'now').mockReturnValue(at);
      vi.spyOn(second.app.get(Clock), 'now').mockReturnValue(at);
      const results = await Promise.all([
        t.app.get(DocumentRequestsService).sweep(),
        second.app.get(DocumentRequestsService).sweep(),
      ]);
      expect(results.reduce((n, r) => n + r.overdue, 0)).toBe(1);
      expect(results.reduce((n, r) => n + r.reminded, 0)).toBe(0);
      expect(await sent('document_overdue')).toBe(1);
      // A week after the overdue e-mail, both sweep again: one reminder between them.
      const later = new Date(start + 18 * DAY + 60_000);
      vi.spyOn(t.app.get(Clock), 'now').mockReturnValue(later);
      vi.spyOn(second.app.get(Clock), 'now').mockReturnValue(later);
      const again = await Promise.all([
        t.app.get(DocumentRequestsService).sweep(),
        second.app.get(DocumentRequestsService).sweep(),
      ]);
      expect(again.reduce((n, r) => n + r.reminded + r.overdue, 0)).toBe(1);
      expect(await sent('document_reminder')).toBe(2);
    } finally {
      await second.close();
    }
  });

  it('a document uploaded against the request closes it, and the reminders stop', async () => {
    vi.restoreAllMocks();
    const body = multipart(
      { name: 'deed.pdf', content: pdfBytes() },
      { task_id: requestId, claim_id: claimId },
    );
    const up = await t.request({
      method: 'POST',
      url: '/api/documents/',
      headers: { ...cast.clientA.headers, ...body.headers },
      payload: body.payload,
    });
    expect(up.statusCode, up.body).toBe(201);
    const listed = await t.request({
      method: 'GET',
      url: `/api/claims/${claimId}/document-requests/`,
      headers: cast.staff.headers,
    });
    expect(listed.json().find((x: { id: string }) => x.id === requestId)).toMatchObject({
      status: 'completed',
      uploaded_document_id: up.json().id,
    });
    vi.spyOn(t.app.get(Clock), 'now').mockReturnValue(new Date(start + 40 * DAY));
    expect(await t.app.get(DocumentRequestsService).sweep()).toEqual({ reminded: 0, overdue: 0 });
    expect(await sent('document_reminder')).toBe(2);
  });
});
