// Issue 30 end to end: a guest submits an SDLT assessment, signs up (one claim is created), staff
// assign it and ask for a document with a due date, the client is e-mailed (caught by a real SMTP
// server), uploads it and the request closes; staff generate the claim draft and write its
// grounds, the client fills in their details, signs, and downloads a PDF holding the route and
// the figures. Staff and client click through the UI in separate browser contexts.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSmtpServer, type TestSmtpServer } from '../../api/test/helpers/smtp';
import { ADMIN_EMAIL, ADMIN_PASSWORD, repoRoot, screenshot, uniqueEmail } from './harness';
import {
  completeQuestionnaire,
  expected,
  gbp,
  loadPublished,
  openAssessment,
  sdltMixedUseAnswers,
} from './assessment-helpers';
import { login, submitSignUp, useServerAndBrowser } from './flows';

let smtp: TestSmtpServer | undefined;
beforeAll(async () => {
  smtp = await startSmtpServer();
});
afterAll(async () => {
  await smtp?.close();
});
const e2e = useServerAndBrowser(() => ({ SMTP_URL: smtp!.url }));

const PASSWORD = 'Correct-Horse-Battery-77';
const WAIT = { timeout: 20_000 };

const standardFontDataUrl =
  join(
    dirname(createRequire(join(repoRoot, 'api', 'package.json')).resolve('pdfjs-dist/package.json')),
    'standard_fonts',
  ) + '/';

async function pdfText(bytes: Buffer): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: new Uint8Array(bytes), standardFontDataUrl }).promise;
  const pages: string[] = [];
  for (let i = 1; i <= pdf.numPages; i++) {
    const content = await (await pdf.getPage(i)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  return pages.join('\n').replace(/\s+/g, ' ');
}

/** A small PDF on disk for the file input. */
function pdfFile(name: string): string {
  const file = join(mkdtempSync(join(tmpdir(), 'reclaim-e2e-upload-')), name);
  writeFileSync(
    file,
    '%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n',
  );
  return file;
}

function isoInDays(days: number): string {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

function inWords(iso: string): string {
  return new Date(`${iso}T00:00:00Z`).toLocaleDateString('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

/** The client uploads a file for the pending task named `task` from the claim page's Upload link. */
async function uploadFor(page: Page, claimPath: string, task: RegExp, file: string): Promise<void> {
  await page.goto(claimPath);
  const item = page.getByRole('listitem').filter({ hasText: task });
  await item.getByRole('link', { name: 'Upload' }).click(WAIT);
  await page.waitForURL(/\/portal\/documents\?task=/, WAIT);
  // The form names the requested document once the tasks are loaded (the form is then final).
  await page.getByText(/^Requested document:/).waitFor(WAIT);
  await page.locator('input[type="file"]').setInputFiles(file);
  await page.getByRole('button', { name: 'Upload', exact: true }).click();
  await page
    .getByText(/uploaded\.$/)
    .first()
    .waitFor(WAIT)
    .catch(async (err: unknown) => {
      throw new Error(`${String(err)}\n${await page.locator('main').innerText()}`);
    });
}

describe('guest to signed claim', () => {
  it('submit → sign up → one claim → assign → document request e-mailed → upload → draft → sign → PDF', async () => {
    // The guest answers, submits, and signs up: the submission completes with one claim.
    const client = await e2e.fresh();
    const email = uniqueEmail('journey');
    await openAssessment(client, 'sdlt_refund');
    await completeQuestionnaire(client, loadPublished('sdlt_refund'), sdltMixedUseAnswers);
    await client.getByRole('button', { name: 'Submit Assessment' }).click();
    await client.waitForURL((u) => u.pathname === '/login', WAIT);
    await client.getByRole('link', { name: 'Create an account' }).click();
    await client.waitForURL((u) => u.pathname === '/signup');
    await submitSignUp(client, email, PASSWORD, 'Jo Journey');
    await client.waitForURL(/\/portal\/applications\/[0-9a-f-]{36}$/, WAIT);
    const claimId = new URL(client.url()).pathname.split('/').at(-1)!;
    const claimPath = `/portal/applications/${claimId}`;
    await expect.poll(() => client.locator('main').innerText(), WAIT).toMatch(/RC-\d{4}-\d{6}/);
    const reference = /RC-\d{4}-\d{6}/.exec(await client.locator('main').innerText())![0];

    // Staff find exactly one claim for this client and assign it to themselves.
    const staff = await e2e.fresh();
    await login(staff, ADMIN_EMAIL, ADMIN_PASSWORD);
    await staff.waitForURL(/\/portal\//, WAIT);
    await staff.goto('/portal/claims');
    await staff.locator('#wb-search').fill(email);
    await staff.getByRole('button', { name: 'Search' }).click();
    const row = staff.getByRole('row').filter({ hasText: reference });
    await row.waitFor(WAIT);
    await expect.poll(() => staff.getByRole('row').count(), WAIT).toBe(2);
    await row.getByRole('checkbox', { name: `Select ${reference}` }).check();
    const bar = staff.getByRole('form', { name: 'Bulk actions' });
    const me = await bar.getByLabel('Assign to').locator('option').nth(1).innerText();
    await bar.getByLabel('Assign to').selectOption({ label: me });
    await bar.getByRole('button', { name: 'Apply' }).click();
    await staff.getByText('1 claim updated').waitFor(WAIT);

    // Staff ask for a document with a due date; the client is e-mailed over SMTP.
    const due = isoInDays(14);
    await staff.goto(`/portal/claims/${claimId}`);
    const request = staff.getByRole('form', { name: 'Request a document' });
    await request.getByLabel('Document').fill('Completion statement');
    await request.getByLabel('Why it is needed').fill('It shows the SDLT you paid.');
    await request.getByLabel('Due by').fill(due);
    await request.getByRole('button').click();
    await staff.getByText('Asked the client for: Completion statement.').waitFor(WAIT);
    const mail = await smtp!.waitFor(email);
    expect(mail.subject).toContain('Completion statement');
    expect(mail.text).toContain(reference);
    expect(mail.text).toContain(inWords(due));
    expect(mail.text).toContain('It shows the SDLT you paid.');

    // The client uploads it (and the SDLT return the claim needs): the request closes.
    await uploadFor(client, claimPath, /Completion statement/, pdfFile('completion-statement.pdf'));
    await uploadFor(client, claimPath, /SDLT/, pdfFile('sdlt-return.pdf'));
    await client.goto(claimPath);
    // The closed request is no longer among the documents still needed (each has an Upload link).
    const stillNeeded = (name: string) =>
      client
        .getByRole('listitem')
        .filter({ hasText: name, has: client.getByRole('link', { name: 'Upload' }) })
        .count();
    await client.getByText('completion-statement.pdf').first().waitFor(WAIT);
    await expect.poll(() => stillNeeded('Completion statement'), WAIT).toBe(0);

    // Staff generate the draft and write its grounds.
    await staff.goto(`/portal/claims/${claimId}`);
    await staff.getByRole('button', { name: 'Generate drafts' }).click();
    await staff.getByText('1 draft ready.').waitFor(WAIT);
    const edit = staff.getByRole('form', { name: /^Edit / });
    const texts = edit.locator('textarea');
    await texts.first().waitFor(WAIT);
    for (let i = 0; i < (await texts.count()); i++)
      await texts.nth(i).fill('Part of the property was used for business, so mixed-use rates apply.');
    await edit.getByRole('button', { name: 'Save the text' }).click();
    await staff.getByText('The draft is saved.').waitFor(WAIT);

    // The client gives their details, signs, and downloads the PDF.
    await client.goto(claimPath);
    const details = client.getByRole('form', { name: /^Your details for / });
    await details.getByLabel(/UTRN/).waitFor(WAIT);
    const values: [RegExp, string][] = [
      [/UTRN/, '123456789MC'],
      [/purchaser/i, 'Jo Journey, 1 High Street, Leeds LS1 1AA'],
      [/Property address/, '1 High Street, Leeds LS1 1AA'],
      [/Name on the bank account/, 'Jo Journey'],
      [/Sort code/, '12-34-56'],
      [/Account number/, '12345678'],
    ];
    for (const [label, value] of values) {
      const field = details.getByLabel(label);
      if ((await field.count()) > 0) await field.fill(value);
    }
    await details.getByRole('button', { name: 'Save my details' }).click();
    await client.getByText('Thank you: your details are in the draft.').waitFor(WAIT);
    const declaration = client.getByRole('form', { name: /^Sign the declaration for / });
    const name = declaration.getByLabel('Your full name');
    await expect
      .poll(() => name.isEnabled(), WAIT)
      .toBe(true)
      .catch(async (err: unknown) => {
        throw new Error(`${String(err)}\n${await client.locator('main').innerText()}`);
      });
    await name.fill('Jo Journey');
    await declaration.getByRole('button', { name: 'Sign the declaration' }).click();
    await client.getByText('Signed. Your claim is ready to download.').waitFor(WAIT);
    const [download] = await Promise.all([
      client.waitForEvent('download', WAIT),
      client.getByRole('button', { name: 'Download the signed claim (PDF)' }).click(),
    ]);
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 4).toString('latin1')).toBe('%PDF');
    const text = await pdfText(bytes);
    expect(text).toContain('Finance Act 2003 Schedule 10 paragraph 6');
    // The figures: as filed (the answers) and the engine's corrected calculation for them.
    const want = await expected(loadPublished('sdlt_refund'), sdltMixedUseAnswers);
    const repay = Math.round(want.value.estimates.median);
    expect(text).toContain(
      `Consideration ${gbp(sdltMixedUseAnswers.purchasePriceSDR)}; SDLT paid ${gbp(sdltMixedUseAnswers.sdltPaidSDR)}`,
    );
    expect(text).toContain(`Amount to be repaid: ${gbp(repay)}`);
    expect(text).toContain(reference);
    expect(text).toContain('Jo Journey');
    await screenshot(client, 'claim-journey-signed');
  }, 300_000);
});
