/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- response bodies are read as untyped JSON; the assertions are what check their shape */
import { EntityManager } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Message } from '../src/modules/messages/message.entity';
import { MessagesService } from '../src/modules/messages/messages.service';
import { User } from '../src/modules/users/user.entity';
import { createCast, type Cast, submitSdltClaim } from './fixtures/domain';
import { createTestApp, type TestApp } from './helpers/app';
import { mailBody, waitForMail } from './helpers/mail';

// Issue 30 §3: message templates with merge fields, versioned and edited by staff; every message
// made from one records the version used.
describe('message templates', () => {
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

  it('staff list the templates (version 1 of each default); clients may not', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/api/message-templates',
      headers: cast.staff.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const keys = res.json().map((r: { key: string }) => r.key);
    expect(keys).toEqual(expect.arrayContaining(['document_request', 'document_reminder', 'claim_update']));
    const request = res.json().find((r: { key: string }) => r.key === 'document_request');
    expect(request).toMatchObject({
      version: 1,
      fields: expect.arrayContaining(['document_name', 'due_date']),
    });
    const client = await t.request({
      method: 'GET',
      url: '/api/message-templates',
      headers: cast.clientA.headers,
    });
    expect(client.statusCode).toBe(403);
  });

  it('each save is a new version; unknown merge fields and markup are refused with a 400', async () => {
    const bad = await t.request({
      method: 'PUT',
      url: '/api/message-templates/claim_update',
      headers: cast.staff.headers,
      payload: { base_version: 1, subject: 'Hello {{client_nmae}}', body: 'Text {{message}}' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0]).toMatchObject({
      field: 'subject',
      message: expect.stringContaining('{{client_nmae}}'),
    });
    const script = await t.request({
      method: 'PUT',
      url: '/api/message-templates/claim_update',
      headers: cast.staff.headers,
      payload: { base_version: 1, subject: 'Hello', body: '<script>alert(1)</script> {{message}}' },
    });
    expect(script.statusCode).toBe(400);
    expect(script.json().errors[0].message).toMatch(/plain text/);
    const unknownKey = await t.request({
      method: 'PUT',
      url: '/api/message-templates/no_such_template',
      headers: cast.staff.headers,
      payload: { base_version: 1, subject: 'Hello', body: 'x' },
    });
    expect(unknownKey.statusCode).toBe(404);

    const ok = await t.request({
      method: 'PUT',
      url: '/api/message-templates/claim_update',
      headers: cast.staff.headers,
      payload: {
        base_version: 1,
        subject: 'News on {{ claim_reference }}',
        body: 'Dear {{client_name}},\n\n{{message}}\n',
      },
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json()).toMatchObject({
      key: 'claim_update',
      version: 2,
      fields: ['claim_reference', 'client_name', 'message'],
    });
    const versions = await t.request({
      method: 'GET',
      url: '/api/message-templates/claim_update/versions',
      headers: cast.staff.headers,
    });
    expect(versions.json().map((v: { version: number }) => v.version)).toEqual([2, 1]);
  });

  it('a save names the version it was opened on: left out a 400, an older one a 409, nothing written', async () => {
    const missing = await t.request({
      method: 'PUT',
      url: '/api/message-templates/claim_update',
      headers: cast.staff.headers,
      payload: { subject: 'News', body: '{{message}}' },
    });
    expect(missing.statusCode, missing.body).toBe(400);
    expect(missing.json()).toMatchObject({
      message: 'base_version is required to save: the version of the template you opened',
      errors: [
        {
          field: 'base_version',
          message: 'base_version is required to save: the version of the template you opened',
        },
      ],
    });
    const stale = await t.request({
      method: 'PUT',
      url: '/api/message-templates/claim_update',
      headers: cast.staff.headers,
      payload: { subject: 'News', body: '{{message}}', base_version: 1 },
    });
    expect(stale.statusCode, stale.body).toBe(409);
    expect(stale.json().message).toMatch(/^The template "Claim update" was changed by .+ \(now version 2\)/);
    const versions = await t.request({
      method: 'GET',
      url: '/api/message-templates/claim_update/versions',
      headers: cast.staff.headers,
    });
    expect(versions.json().map((v: { version: number }) => v.version)).toEqual([2, 1]);
  });

  it('sendTemplated writes the message in the claim’s thread with the version, and e-mails the client', async () => {
    const messages = t.app.get(MessagesService);
    const em = t.app.get(EntityManager).fork();
    const staff = await em.findOneOrFail(User, { id: cast.staff.id });
    const sent = await messages.sendTemplated(
      claimId,
      'claim_update',
      { message: 'We have your file.' },
      staff,
    );
    expect(sent).toMatchObject({ template_key: 'claim_update', template_version: 2, emailed: true });
    expect(sent.message.body).toContain('We have your file.');
    const row = await em.findOneOrFail(Message, { id: sent.message.id });
    expect(row).toMatchObject({ templateKey: 'claim_update', templateVersion: 2, fromFirm: true });
    const mail = mailBody(await waitForMail(t.dataDir, cast.clientA.reg.user.email));
    expect(mail).toContain('We have your file.');
    expect(mail).toMatch(/Subject: News on RC-/);
    // The client sees it in the thread, with the template version.
    const thread = await t.request({
      method: 'GET',
      url: `/api/messages/threads/${sent.thread_id}`,
      headers: cast.clientA.headers,
    });
    expect(thread.json().messages.at(-1)).toMatchObject({ template: { key: 'claim_update', version: 2 } });
  });

  it('sendTemplated refuses a missing field, an unknown field and a client as sender', async () => {
    const messages = t.app.get(MessagesService);
    const em = t.app.get(EntityManager).fork();
    const staff = await em.findOneOrFail(User, { id: cast.staff.id });
    const client = await em.findOneOrFail(User, { id: cast.clientA.id });
    await expect(messages.sendTemplated(claimId, 'claim_update', {}, staff)).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      messages.sendTemplated(claimId, 'claim_update', { colour: 'red' }, staff),
    ).rejects.toMatchObject({
      status: 400,
    });
    await expect(
      messages.sendTemplated(claimId, 'claim_update', { message: 'x' }, client),
    ).rejects.toMatchObject({
      status: 403,
    });
  });
});
