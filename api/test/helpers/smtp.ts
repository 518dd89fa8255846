import type { AddressInfo } from 'node:net';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface TestSmtpServer {
  /** smtp://127.0.0.1:<port>, for SMTP_URL. */
  url: string;
  /** Every message the server accepted, parsed, in order. */
  received: ParsedMail[];
  /** Refuse (with a temporary 451) the next `n` messages. */
  refuseNext(n: number): void;
  /** How many messages were refused. */
  refused(): number;
  /** Waits for a message to `to` (the deadline only stops a hung test). */
  waitFor(to: string, timeoutMs?: number): Promise<ParsedMail>;
  close(): Promise<void>;
}

/** A real SMTP server (the smtp-server package) on a free loopback port, for tests. */
export async function startSmtpServer(): Promise<TestSmtpServer> {
  const received: ParsedMail[] = [];
  let toRefuse = 0;
  let refusedCount = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        if (toRefuse > 0) {
          toRefuse -= 1;
          refusedCount += 1;
          const err = new Error('Try again later') as Error & { responseCode: number };
          err.responseCode = 451;
          callback(err);
          return;
        }
        simpleParser(Buffer.concat(chunks))
          .then((mail) => {
            received.push(mail);
            callback();
          })
          .catch((err: unknown) => callback(err as Error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const { port } = server.server.address() as AddressInfo;
  const addressed = (m: ParsedMail, to: string) => {
    const list = Array.isArray(m.to) ? m.to : m.to ? [m.to] : [];
    return list.some((a) => a.value.some((v) => v.address?.toLowerCase() === to.toLowerCase()));
  };
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext: (n) => (toRefuse = n),
    refused: () => refusedCount,
    async waitFor(to, timeoutMs = 90_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = received.find((m) => addressed(m, to));
        if (found) return found;
        if (Date.now() > deadline)
          throw new Error(`no e-mail to ${to} reached the SMTP server in ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
