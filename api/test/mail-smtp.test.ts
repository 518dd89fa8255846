import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailService } from '../src/modules/mail/mail.service';
import { createTestApp, type TestApp } from './helpers/app';
import { startSmtpServer, type TestSmtpServer } from './helpers/smtp';

// Issue 30 §3: with SMTP_URL set, mail goes to a real SMTP server (here one from the smtp-server
// package on a free port), and a refused delivery is tried again by the mail queue.
describe('mail over SMTP', () => {
  let smtp: TestSmtpServer;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp({ smtpUrl: smtp.url });
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
  });

  it('reaches the SMTP server, and no .eml file is written', async () => {
    const mail = t.app.get(MailService);
    expect(mail.outboxDir).toBeNull();
    await mail.send({ to: 'first@example.test', subject: 'Hello over SMTP', text: 'It arrived.' });
    const got = await smtp.waitFor('first@example.test');
    expect(got.subject).toBe('Hello over SMTP');
    expect(got.text?.trim()).toBe('It arrived.');
    expect(got.from?.value[0]?.address).toBe(t.config.mailFrom.replace(/^.*<|>$/g, ''));
    const outbox = join(t.dataDir, 'mail');
    expect(existsSync(outbox) ? readdirSync(outbox) : []).toEqual([]);
  });

  it('a delivery the server refuses once is retried and arrives', async () => {
    smtp.refuseNext(1);
    await t.app.get(MailService).send({ to: 'second@example.test', subject: 'Second try', text: 'Retried.' });
    const got = await smtp.waitFor('second@example.test');
    expect(got.subject).toBe('Second try');
    expect(smtp.refused()).toBe(1);
    expect(smtp.received.filter((m) => m.subject === 'Second try')).toHaveLength(1);
  }, 120_000);
});
