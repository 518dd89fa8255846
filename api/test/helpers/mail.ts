import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

/** .eml files written by MailService under DATA_DIR/mail/, oldest first. */
export function readOutbox(dataDir: string): string[] {
  const dir = join(dataDir, 'mail');
  let files: string[];
  try {
    files = readdirSync(dir).filter((f) => f.endsWith('.eml'));
  } catch {
    return [];
  }
  return files.sort().map((f) => readFileSync(join(dir, f), 'utf8'));
}

/**
 * Waits (up to `timeoutMs`) for an e-mail to `to` that matches, and returns its raw text. The
 * deadline only stops a test that would otherwise hang: generous, so a loaded CI machine passes.
 */
export async function waitForMail(dataDir: string, to: string, timeoutMs = 30_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = readOutbox(dataDir).find((m) => m.toLowerCase().includes(`to: ${to.toLowerCase()}`));
    if (found) return found;
    if (Date.now() > deadline) throw new Error(`no e-mail to ${to} within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

/** Undoes quoted-printable soft line breaks so links can be read whole. */
export function mailBody(raw: string): string {
  return raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
}
