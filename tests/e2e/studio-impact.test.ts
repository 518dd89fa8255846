// Issue 29 items 3 and 5, in Chromium against the real server: a rate change saved as a parameter
// draft (6% instead of 5% above £250,000 on non-residential purchases) is replayed over the stored
// assessments from the Dated parameters screen, and reads as an A/B table (a client's Likely
// becomes Unlikely); the Tests tab shows the embedded tests in plain English. Both pass axe.
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, screenshot, uniqueEmail } from './harness';
import { monthsAgo } from './assessment-helpers';
import { seriousViolations, signInToPortal, useAdviserSession } from './flows';

const e2e = useAdviserSession();
const { api } = e2e;

/** A client whose mixed-use purchase overpaid £1,500 at 5%, and nothing at 6%. */
async function storedAssessment(): Promise<void> {
  const email = uniqueEmail('rate-impact');
  const password = 'Rate-Impact-Passphrase-2026';
  const registered = await api('/auth/register/', {
    method: 'POST',
    body: { email, password, display_name: 'Rate Client' },
  });
  expect(registered.status).toBe(201);
  const token = await e2e.token(email, password);
  const answers = {
    propertyNationSDR: 'england',
    propertyTypeSDR: 'Mixed-Use',
    purchaseDateSDR: monthsAgo(6),
    purchasePriceSDR: 600000,
    sdltPaidSDR: 21000,
    firstTimeBuyerSDR: false,
    multipleDwellingsSDR: false,
    propertyUninhabitableSDR: false,
    hasAnnexeSDR: false,
    partialBusinessUseSDR: true,
    linkedTransactionsSDR: false,
    multipleOwnersSDR: false,
    additionalPropertySDR: false,
    nonUkResidentSDR: false,
  };
  const saved = await api<{ assessment_id: string }>('/api/assessment/save/', {
    method: 'POST',
    token,
    body: { service_type: 'sdlt_refund', answers, current_step: 11 },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(201);
  const submitted = await api<{ assessment: { results: { eligibility: { likelihood: string } } } }>(
    '/api/assessment/submit/',
    { method: 'POST', token, body: { assessment_id: saved.body.assessment_id } },
  );
  expect(submitted.status, JSON.stringify(submitted.body)).toBeLessThan(300);
  expect(submitted.body.assessment.results.eligibility.likelihood).toBe('Likely');
}

interface StoredSet {
  checksum: string;
  parameter_set: { parameters: Record<string, { values: { value: unknown }[] }> };
}

/** The rate change, saved as the sdlt set's parameter draft. */
async function rateChange(token: string): Promise<void> {
  const stored = await api<StoredSet>('/api/parameter-sets/sdlt/', { token });
  expect(stored.status).toBe(200);
  const set = structuredClone(stored.body.parameter_set);
  const values = set.parameters['nonres.bands']!.values;
  values[values.length - 1]!.value = [
    { upTo: 150000, rate: 0 },
    { upTo: 250000, rate: 0.02 },
    { upTo: null, rate: 0.06 },
  ];
  const saved = await api('/api/parameter-sets/sdlt/draft/', {
    method: 'PUT',
    token,
    body: { parameter_set: set, base_checksum: stored.body.checksum },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);
}

describe('studio: impact of a rate change and tests in plain English', () => {
  it('replays the stored assessments with the parameter draft as an A/B table; the Tests tab reads in words', async () => {
    await storedAssessment();
    const admin = await e2e.adminToken();
    await rateChange(admin);

    const page = await e2e.fresh();
    await signInToPortal(page, ADMIN_EMAIL, ADMIN_PASSWORD);
    await page.goto('/portal/definitions/sdlt_refund');
    await page.getByRole('tab', { name: 'Dated parameters' }).click({ timeout: 20_000 });
    await page.getByRole('button', { name: 'Check impact' }).click({ timeout: 20_000 });

    const ab = page.getByTestId('impact-ab');
    await expect
      .poll(() => ab.innerText().catch(() => ''), { timeout: 60_000 })
      .toMatch(/Of [1-9][\d,]* assessments: [1-9][\d,]* change likelihood, \d[\d,]* change value band/);
    const table = ab.getByRole('table', { name: 'Published parameters (A) against Draft of sdlt (B)' });
    expect(await table.innerText()).toMatch(/Likelihood\s+Likely/i);
    expect(await table.innerText()).toMatch(/Value band/i);
    expect(await page.getByRole('link', { name: 'Download the A/B table (CSV)' }).count()).toBe(1);
    // The client's row: Likely at 5%, Unlikely at 6%.
    await page.getByLabel('Client or claim reference').fill('Rate Client');
    const rows = page.getByTestId('impact-run').getByRole('table', { name: /Stored assessments replayed/ });
    await expect.poll(() => rows.innerText(), { timeout: 20_000 }).toContain('Rate Client');
    expect(await rows.innerText()).toMatch(/Likely[\s\S]*Unlikely/);
    await screenshot(page, 'studio-rate-change-impact');
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('tab', { name: 'Tests' }).click();
    const tests = page.getByRole('table', { name: 'Embedded tests' });
    await tests.waitFor();
    const first = await page.getByTestId('test-sentence-0').innerText();
    expect(first).toMatch(/^Where is the property\? England; .* → .*Likely/);
    const expectations = await tests.getByRole('list').allInnerTexts();
    expect(expectations.join('\n')).not.toMatch(/\b(eligibility|complexity|value|facts)\.\w+ = /);
    expect(await seriousViolations(page)).toEqual([]);

    const discarded = await api('/api/parameter-sets/sdlt/draft/', { method: 'DELETE', token: admin });
    expect(discarded.status).toBe(200);
  }, 180_000);
});
