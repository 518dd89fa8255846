// Issue 29 §§6 and 7 in Chromium against the real server. (a) The administrator invites a staff
// member on the Users page; the invitation e-mail's link sets a password; the new staff member
// signs in and approves another adviser's submitted draft in the studio. (b) A definition is
// rolled back to an earlier version through the same review: "Roll back to this version" starts a
// draft, its author submits it, a second adviser approves and publishes it, and visitors get the
// earlier content again.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, newPage, readLatestMail, screenshot, uniqueEmail } from './harness';
import { expectToast as toast, seriousViolations, signInToPortal, useAdviserSession } from './flows';

const e2e = useAdviserSession();
const { api } = e2e;

type Definition = { version: number; eligibility: { bands: { likelihood: string; min: number }[] } } & Record<
  string,
  unknown
>;

const published = async () =>
  (await api<{ definition: Definition }>('/api/definitions/sdlt_refund/published/')).body.definition;

/** `who` saves a draft of SDLT with the Likely threshold at `likely` and submits it; its version. */
async function submittedDraft(who: { token: string }, likely: number): Promise<number> {
  const draft = structuredClone(await published());
  const band = draft.eligibility.bands.find((b) => b.likelihood === 'Likely');
  if (!band) throw new Error('no Likely band');
  band.min = likely;
  const saved = await api<{ version: number }>('/api/definitions/sdlt_refund/draft/', {
    method: 'PUT',
    token: who.token,
    body: { definition: draft },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
  const submitted = await api(`/api/definitions/sdlt_refund/drafts/${saved.body.version}/submit/`, {
    method: 'POST',
    token: who.token,
    body: {
      release_note: `Likely threshold ${likely} after the case review`,
      source_url: 'https://www.gov.uk/hmrc-internal-manuals/stamp-duty-land-tax-manual',
    },
  });
  expect(submitted.status, JSON.stringify(submitted.body)).toBe(200);
  return saved.body.version;
}

async function openRelease(page: Page): Promise<void> {
  await page.goto('/portal/definitions/sdlt_refund');
  await page.getByRole('tab', { name: 'Review and release' }).click({ timeout: 20_000 });
}

describe('staff accounts and rollback through review (issue 29)', () => {
  it('(a) invite → set password → staff → first review', async () => {
    const ana = await e2e.adviser('Ana');
    const version = await submittedDraft(ana, 70);

    // The administrator invites Carla as staff on the Users page.
    const carla = uniqueEmail('carla');
    const admin = await newPage(e2e.browser, e2e.server.baseUrl);
    await signInToPortal(admin.page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await admin.page.goto('/portal/users');
    await admin.page.getByRole('button', { name: 'Invite staff member' }).click();
    const form = admin.page.getByRole('form', { name: 'Invite staff member' });
    await form.getByLabel('E-mail address').fill(carla);
    await form.getByLabel('Name (optional)').fill('Carla Reviewer');
    await form.getByLabel('Role').selectOption('STAFF');
    expect(await seriousViolations(admin.page)).toEqual([]);
    await form.getByRole('button', { name: 'Send invitation' }).click();
    await toast(admin.page, `Invitation sent to ${carla}`);
    await admin.page.getByLabel('Search').fill(carla);
    await admin.page.getByRole('button', { name: 'Search' }).click();
    await expect
      .poll(() => admin.page.getByRole('row', { name: /Carla Reviewer/ }).innerText(), { timeout: 15_000 })
      .toContain('Invited');
    await screenshot(admin.page, 'staff-invite-sent');
    await admin.context.close();

    // The invitation e-mail's link: Carla chooses her password.
    let mail = '';
    await expect
      .poll(
        () => {
          try {
            mail = readLatestMail(e2e.server.dataDir, carla);
            return mail.includes('/accept-invite/');
          } catch {
            return false;
          }
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    const link = /https?:\/\/\S+?(\/accept-invite\/[0-9a-f-]{36}\/[A-Za-z0-9_-]+)/.exec(mail)?.[1];
    expect(link, mail).toBeTruthy();
    const c = await newPage(e2e.browser, e2e.server.baseUrl);
    await c.page.goto(link!);
    const password = 'Carla-Reviewer-Passphrase-2026';
    await c.page.getByRole('heading', { name: 'Set your password' }).waitFor({ timeout: 20_000 });
    expect(await seriousViolations(c.page)).toEqual([]);
    const fields = c.page.locator('input[type="password"]');
    await fields.nth(0).fill(password);
    await fields.nth(1).fill(password);
    await c.page.getByRole('button', { name: 'Set password' }).click();
    await expect
      .poll(() => c.page.getByRole('status').first().innerText(), { timeout: 15_000 })
      .toContain(`Sign in with ${carla}`);
    // The link works once.
    const again = await api<{ detail: string }>('/auth/invite/accept/', {
      method: 'POST',
      body: {
        uid: link!.split('/')[2],
        token: link!.split('/')[3],
        new_password: 'Another-Passphrase-2026x',
      },
    });
    expect(again.status).toBe(400);

    // Carla signs in as staff and approves Ana's draft: her first review.
    await signInToPortal(c.page, carla, password);
    await openRelease(c.page);
    const panel = c.page.getByTestId('review-panel');
    await expect.poll(() => panel.innerText(), { timeout: 15_000 }).toContain('Ana Adviser');
    await panel.getByRole('button', { name: `Approve v${version}` }).click();
    await toast(c.page, `Draft v${version} is approved.`);
    await screenshot(c.page, 'staff-invite-first-review');
    await c.context.close();
    const draft = await api<{ review: { state: string; approved_by: { name: string } | null } }>(
      `/api/definitions/sdlt_refund/drafts/${version}/`,
      { token: ana.token },
    );
    expect(draft.body.review).toMatchObject({ state: 'approved', approved_by: { name: 'Carla Reviewer' } });
    // Ana publishes it, so that (b) has an earlier version to roll back to.
    const live = await api(`/api/definitions/sdlt_refund/drafts/${version}/publish/`, {
      method: 'POST',
      token: ana.token,
      body: {},
    });
    expect(live.status, JSON.stringify(live.body)).toBe(200);
  });

  it('(b) a definition rolled back to an earlier version through review', async () => {
    const [ana, ben] = await e2e.twoAdvisers('Anna', 'Benedict');
    const before = await published();
    const likelyOf = (d: Definition) => d.eligibility.bands.find((b) => b.likelihood === 'Likely')?.min;
    const original = likelyOf(before);
    // A change published through review (Ben approves Ana's draft).
    const changed = await submittedDraft(ana, (original ?? 70) - 5);
    const draft = await api<{ checksum: string }>(`/api/definitions/sdlt_refund/drafts/${changed}/`, {
      token: ana.token,
    });
    expect(
      (
        await api(`/api/definitions/sdlt_refund/drafts/${changed}/approve/`, {
          method: 'POST',
          token: ben.token,
          body: { checksum: draft.body.checksum },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api(`/api/definitions/sdlt_refund/drafts/${changed}/publish/`, {
          method: 'POST',
          token: ana.token,
          body: {},
        })
      ).status,
    ).toBe(200);
    expect(likelyOf(await published())).toBe((original ?? 70) - 5);

    // Ana: "Roll back to this version" on the version before, then submits the rollback draft.
    const a = await newPage(e2e.browser, e2e.server.baseUrl);
    await signInToPortal(a.page, ana.email, ana.password);
    await openRelease(a.page);
    const earlier = a.page.getByRole('list', { name: 'Earlier versions' });
    await earlier.waitFor({ timeout: 15_000 });
    expect(await seriousViolations(a.page)).toEqual([]);
    await earlier.getByRole('button', { name: `Roll back to this version (v${before.version})` }).click();
    const next = changed + 1;
    await toast(a.page, `Draft v${next} copies v${before.version}`);
    const submit = a.page.getByRole('form', { name: 'Submit for review' });
    await submit.getByLabel('Release note').fill(`Back to v${before.version}: the change was premature`);
    await submit
      .getByLabel('Source link')
      .fill('https://www.gov.uk/hmrc-internal-manuals/stamp-duty-land-tax-manual');
    await submit.getByRole('button', { name: 'Submit for review' }).click();
    await toast(a.page, `Draft v${next} is submitted for review.`);
    expect(await a.page.getByRole('button', { name: /^Approve/ }).count()).toBe(0);
    await a.context.close();

    // Ben approves and publishes it.
    const b = await newPage(e2e.browser, e2e.server.baseUrl);
    await signInToPortal(b.page, ben.email, ben.password);
    await openRelease(b.page);
    const panel = b.page.getByTestId('review-panel');
    await expect.poll(() => panel.innerText(), { timeout: 15_000 }).toContain('Anna Adviser');
    await panel.getByRole('button', { name: `Approve v${next}` }).click();
    await toast(b.page, `Draft v${next} is approved.`);
    await panel.getByRole('button', { name: `Publish v${next} now` }).click();
    await toast(b.page, `v${next}`);
    await expect
      .poll(() => b.page.getByRole('list', { name: 'History' }).innerText(), { timeout: 15_000 })
      .toContain(`Started rollback draft v${next}`);
    await screenshot(b.page, 'definition-rollback-published');
    await b.context.close();

    // Visitors get the earlier content again, as a new version.
    const now = await published();
    expect(now.version).toBe(next);
    expect(likelyOf(now)).toBe(original);
  });
});
