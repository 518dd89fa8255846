// Issue 9, release workflow in Chromium against the real server, as two staff advisers and without
// typing JSON: Ana changes SDLT's Likely threshold 75 → 70 on the Scoring screen, saves, reads the
// diff and submits it with a release note and a source link (Approve is not offered to her); Ben
// approves it and schedules it for a later date. Nothing changes today; the same database served
// with the server's clock moved past that date (RECLAIM_CLOCK_OFFSET) gives visitors the new version.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { newPage, repoRoot, screenshot, startServer, type TestServer } from './harness';
import {
  apiRequest as api,
  expectToast as toast,
  seriousViolations,
  signInToPortal as signIn,
  useAdviserSession,
} from './flows';

const AHEAD_DAYS = 30;
const e2e = useAdviserSession();
let later: TestServer | undefined;

afterAll(async () => {
  await later?.stop();
});

interface Published {
  definition: { version: number; eligibility: { bands: { likelihood: string; min: number }[] } };
  asOf: string;
}

async function openStudio(page: Page): Promise<void> {
  await page.goto('/portal/definitions/sdlt_refund');
  await page.getByRole('tab', { name: 'Questions' }).waitFor({ timeout: 20_000 });
}

function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

describe('studio release workflow (four eyes)', () => {
  it('Ana changes Likely 75 → 70 and submits; Ben approves and schedules; it goes live on its date', async () => {
    const [ana, ben] = await e2e.twoAdvisers('Ana', 'Ben');
    const server = e2e.server;
    const before = (await api<Published>(server.baseUrl, '/api/definitions/sdlt_refund/published/')).body;
    const next = before.definition.version + 1;
    const today = before.asOf;
    expect(today).toBe(new Date().toISOString().slice(0, 10));
    const liveOn = addDays(today, AHEAD_DAYS);

    // Ana: the change in a form, saved, read as a sentence, submitted.
    const a = await newPage(e2e.browser, server.baseUrl);
    await signIn(a.page, ana.email, ana.password);
    await openStudio(a.page);
    await a.page.getByRole('tab', { name: 'Scoring' }).click();
    const likely = a.page.getByLabel('Likely at or above');
    expect(await likely.inputValue()).toBe('75');
    await likely.fill('70');
    await a.page.getByRole('button', { name: 'Save draft' }).click();
    await toast(a.page, `Draft v${next} saved.`);
    await a.page.getByRole('tab', { name: 'Review and release' }).click();
    await expect.poll(() => a.page.getByTestId('diff').innerText()).toContain('Likely threshold: 75 → 70');
    const submit = a.page.getByRole('form', { name: 'Submit for review' });
    await submit.getByLabel('Release note').fill('Likely threshold 75 → 70 after the 2026 case review');
    await submit
      .getByLabel('Source link')
      .fill('https://www.gov.uk/hmrc-internal-manuals/stamp-duty-land-tax-manual');
    await submit.getByRole('button', { name: 'Submit for review' }).click();
    await toast(a.page, `Draft v${next} is submitted for review.`);
    await expect
      .poll(() => a.page.getByTestId('review-state').innerText())
      .toBe(`Draft v${next}: Submitted for review`);
    // Self-approval is hidden in the UI…
    await expect.poll(() => a.page.getByTestId('approve-not-yours').isVisible()).toBe(true);
    expect(await a.page.getByRole('button', { name: /^Approve/ }).count()).toBe(0);
    // …and refused by the server.
    const draft = await api<{ checksum: string }>(
      server.baseUrl,
      `/api/definitions/sdlt_refund/drafts/${next}/`,
      { token: ana.token },
    );
    const self = await api<{ message: string }>(
      server.baseUrl,
      `/api/definitions/sdlt_refund/drafts/${next}/approve/`,
      { method: 'POST', token: ana.token, body: { checksum: draft.body.checksum } },
    );
    expect(self.status).toBe(403);
    expect(self.body.message).toBe(
      'You submitted or last edited this draft; a different adviser must approve it.',
    );
    expect(await seriousViolations(a.page)).toEqual([]);
    await screenshot(a.page, 'studio-four-eyes-submitted');

    // Ben: reads the note and the source, approves, schedules for a later date.
    const b = await newPage(e2e.browser, server.baseUrl);
    await signIn(b.page, ben.email, ben.password);
    await openStudio(b.page);
    await b.page.getByRole('tab', { name: 'Review and release' }).click();
    const panel = b.page.getByTestId('review-panel');
    await expect.poll(() => panel.innerText(), { timeout: 15_000 }).toContain('Likely threshold 75 → 70');
    expect(await panel.innerText()).toContain('Ana Adviser');
    await panel.getByRole('button', { name: `Approve v${next}` }).click();
    await toast(b.page, `Draft v${next} is approved.`);
    await panel.getByRole('radio', { name: 'From a later date' }).check();
    await panel.getByLabel('Applies from').waitFor();
    expect(await seriousViolations(b.page)).toEqual([]);
    await panel.getByLabel('Applies from').fill(liveOn);
    await panel.getByRole('button', { name: `Schedule v${next}` }).click();
    await toast(b.page, `v${next} is scheduled`);
    await expect
      .poll(() => b.page.getByRole('list', { name: 'History' }).innerText(), { timeout: 15_000 })
      .toMatch(new RegExp(`Published v${next}[\\s\\S]*scheduled from`));
    const history = await b.page.getByRole('list', { name: 'History' }).innerText();
    expect(history).toContain(`Approved v${next}`);
    expect(history).toContain(`Submitted v${next} for review`);
    await screenshot(b.page, 'studio-four-eyes-scheduled');

    // Today nothing changes: visitors still get the version in force.
    const now = (await api<Published>(server.baseUrl, '/api/definitions/sdlt_refund/published/')).body;
    expect(now.definition.version).toBe(before.definition.version);

    // The same database, the server's clock past the date: no deploy, no job, the new version.
    await a.context.close();
    await b.context.close();
    await server.stop({ keepData: true });
    later = await startServer({ DATA_DIR: server.dataDir, RECLAIM_CLOCK_OFFSET: `+${AHEAD_DAYS}d` });
    const then = (await api<Published>(later.baseUrl, '/api/definitions/sdlt_refund/published/')).body;
    expect(then.asOf).toBe(liveOn);
    expect(then.definition.version).toBe(next);
    expect(then.definition.eligibility.bands.find((band) => band.likelihood === 'Likely')?.min).toBe(70);
    // A visitor's questionnaire page loads that version.
    const visitor = await newPage(e2e.browser, later.baseUrl);
    const seen = visitor.page.waitForResponse((r) =>
      /\/api\/definitions\/[^/]+\/published\/?$/.test(new URL(r.url()).pathname),
    );
    await visitor.page.goto('/assessment/sdlt_refund');
    const response = await seen;
    expect(((await response.json()) as Published).definition.version).toBe(next);
    await visitor.context.close();

    // `npm run evaluate --api <server> --as-of <day>` agrees with the server on each side of the date.
    const cli = (asOf: string) => {
      const res = spawnSync(
        process.execPath,
        [
          join(repoRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'),
          'scripts/evaluate.ts',
          '--service',
          'sdlt_refund',
          '--api',
          later!.baseUrl,
          '--as-of',
          asOf,
          '-',
        ],
        { cwd: repoRoot, input: '{}', encoding: 'utf8' },
      );
      expect(res.status, res.stderr).toBe(0);
      return (JSON.parse(res.stdout) as { definition: { version: number } }).definition.version;
    };
    expect(cli(liveOn)).toBe(next);
    expect(cli(today)).toBe(before.definition.version);
  });
});
