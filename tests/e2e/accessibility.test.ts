// WCAG 2.2 AA in Chromium with axe-core (from npm, evaluated in the page): every public route, each
// questionnaire step of one service, the results of every likelihood, the auth pages, and every
// portal page as a client and as staff. Any serious or critical violation fails (issue 11).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { ADMIN_EMAIL, ADMIN_PASSWORD, uniqueEmail } from './harness';
import {
  assessmentIdFromUrl,
  currentQuestion,
  expected,
  giveAnswer,
  loadPublished,
  monthsAgo,
  openAssessment,
  sdltMixedUseAnswers,
} from './assessment-helpers';
import { heading, login, registerClient, useServerAndBrowser } from './flows';

const e2e = useServerAndBrowser();
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const PASSWORD = 'Correct-Horse-Battery-77';
// Each test walks many pages; axe takes about a second a page on a loaded 2-core machine.
const LONG = 300_000;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe on the page as it is now; the serious and critical violations, one line each. */
async function axeProblems(page: Page): Promise<string[]> {
  // Evaluated through the DevTools protocol, so the site's strict CSP does not block it.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } }).axe;
    const result = (await axe.run(document, {
      runOnly: {
        type: 'tag',
        values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'],
      },
      resultTypes: ['violations'],
    })) as {
      violations: { id: string; impact: string | null; help: string; nodes: { target: string[] }[] }[];
    };
    return result.violations.map((v) => ({
      id: v.id,
      impact: v.impact,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(' ')),
    }));
  });
  return (violations as Violation[])
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.impact} ${v.id} (${v.help}): ${v.targets.join(' | ')}`);
}

async function expectAccessible(page: Page, where: string): Promise<void> {
  expect.soft(await axeProblems(page), where).toEqual([]);
}

/** Opens `path` and waits for its heading (and the network) before checking. */
async function check(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await heading(page);
  await page.waitForLoadState('networkidle');
  await expectAccessible(page, path);
}

const publicRoutes = [
  '/',
  '/about',
  '/contact',
  '/news',
  '/services',
  '/services/sdlt-refunds',
  '/services/business-rates-appeals',
  '/services/capital-allowances',
  '/services/inheritance-tax-planning',
  '/services/rd-tax-credits',
  '/services/patent-box',
  '/services/capital-gains-tax',
  '/services/enterprise-investment-scheme',
  '/services/employee-share-schemes',
  '/terms',
  '/privacy-policy',
  '/cookies-policy',
  '/eligibility-checker',
  '/sitemap',
  '/unauthorized',
  '/no-such-page',
  '/login',
  '/signup',
  '/password-reset',
];

describe('axe: public site and auth pages', () => {
  it(
    'every public route, desktop',
    async () => {
      const page = await e2e.fresh();
      for (const path of publicRoutes) await check(page, path);
      await page.context().close();
    },
    LONG,
  );

  it(
    'a news article, the mobile menu open, and a form with its errors shown',
    async () => {
      const page = await e2e.fresh({ width: 390, height: 844 });
      await check(page, '/news');
      const article = page.locator('main a[href^="/news/"]').first();
      await article.click();
      await page.waitForURL(/\/news\/.+/);
      await heading(page);
      await expectAccessible(page, 'news article');
      await page.getByRole('button', { name: 'Open menu' }).click();
      await page.getByTestId('mobile-menu').waitFor();
      await expectAccessible(page, 'mobile menu');
      await page.keyboard.press('Escape');
      await check(page, '/signup');
      await page.getByRole('button', { name: /sign up|create account/i }).click();
      await page.locator('.field-error, [role="alert"]').first().waitFor();
      await expectAccessible(page, 'signup with errors');
      await page.context().close();
    },
    LONG,
  );
});

describe('axe: questionnaire and results', () => {
  it(
    'each step of the SDLT questionnaire, its review step and its results',
    async () => {
      const definition = loadPublished('sdlt_refund');
      const page = await e2e.fresh();
      await openAssessment(page, 'sdlt_refund');
      const next = page.getByRole('button', { name: 'Next', exact: true });
      for (let guard = 0; guard < 40; guard++) {
        await page.locator('.reclaim-survey:visible, [data-testid="review-step"]').first().waitFor();
        const id = await currentQuestion(page);
        await expectAccessible(page, `step ${id ?? 'review'}`);
        if (id === null) break;
        const value = (sdltMixedUseAnswers as Record<string, unknown>)[id];
        if (value !== undefined) await giveAnswer(page, definition, id, value);
        await next.click();
        await expect.poll(() => currentQuestion(page), { timeout: 10_000 }).not.toBe(id);
      }
      const id = assessmentIdFromUrl(page.url());
      await page.goto(`/assessment/${id}/results`);
      await page.getByTestId('results-view').waitFor({ timeout: 20_000 });
      await expectAccessible(page, 'sdlt results');
      await page.context().close();
    },
    LONG,
  );

  // Likely (SDLT above), Possible and Unlikely: one results page of each.
  const others: [string, Record<string, unknown>][] = [
    [
      'capital_allowances',
      {
        // Possible: a residential purchase (little plant) four and a half years ago, never claimed
        propertyTypeCA: 'residential',
        purchaseValueCA: 300000,
        purchaseDateCA: monthsAgo(54),
        previousClaimedCA: false,
        hasRefurbishmentCA: false,
      },
    ],
    [
      'patent_box',
      {
        hasPatents: true,
        patentJurisdiction: 'uk',
        patentAcquired: false,
        patentIncome: 150000,
        involvedInDevelopment: true,
        isGroupMember: false,
        periodEndPB: monthsAgo(3),
      },
    ],
    [
      'rd_tax_credits',
      {
        // Unlikely: a routine goal is a knock-out whatever the points
        projectGoalRDC: 'routine',
        rdActivitiesRDC: ['process_improvement'],
        companySizeRDC: 'large',
        isProfitableRDC: true,
        expenditureTypesRDC: ['staff'],
        totalExpenditureRDC: 30000,
        rdStaffCountRDC: 3,
        receivedFundingRDC: false,
        hasDocumentationRDC: false,
        projectCountRDC: 1,
        technicalComplexityRDC: 'low',
        multipleEntitiesRDC: false,
        internationalWorkRDC: false,
        firstTimeClaimRDC: true,
        periodEndRDC: monthsAgo(3),
      },
    ],
  ];

  it(
    'the results page of every likelihood',
    async () => {
      const seen = new Set<string>([
        (await expected(loadPublished('sdlt_refund'), sdltMixedUseAnswers)).eligibility.likelihood,
      ]);
      for (const [service, answers] of others) {
        const definition = loadPublished(service);
        const want = await expected(definition, answers);
        if (seen.has(want.eligibility.likelihood)) continue;
        seen.add(want.eligibility.likelihood);
        const page = await e2e.fresh();
        await openAssessment(page, service);
        const next = page.getByRole('button', { name: 'Next', exact: true });
        for (let guard = 0; guard < 40; guard++) {
          await page.locator('.reclaim-survey:visible, [data-testid="review-step"]').first().waitFor();
          const id = await currentQuestion(page);
          if (id === null) break;
          if (answers[id] !== undefined) await giveAnswer(page, definition, id, answers[id]);
          await next.click();
          await expect.poll(() => currentQuestion(page), { timeout: 10_000 }).not.toBe(id);
        }
        const id = assessmentIdFromUrl(page.url());
        await page.goto(`/assessment/${id}/results`);
        await page.getByTestId('results-view').waitFor({ timeout: 20_000 });
        await expectAccessible(page, `${service} results (${want.eligibility.likelihood})`);
        await page.context().close();
      }
      expect([...seen].sort()).toEqual(['Likely', 'Possible', 'Unlikely']);
    },
    LONG,
  );
});

const clientPortal = [
  '/portal/client-dashboard',
  '/portal/profile',
  '/portal/applications',
  '/portal/claims',
  '/portal/messages',
  '/portal/documents',
  '/portal/settings',
];
const staffPortal = [
  '/portal/admin-dashboard',
  '/portal/users',
  '/portal/activity-logs',
  '/portal/news',
  '/portal/contact-messages',
  '/portal/definitions',
  '/portal/message-templates',
  '/portal/applications',
  '/portal/claims',
  '/portal/messages',
  '/portal/documents',
  '/portal/profile',
  '/portal/settings',
];

describe('axe: portals', () => {
  it(
    'every Client Portal page, with a submitted application, and every Admin Portal page',
    async () => {
      const email = uniqueEmail('axe-client');
      expect((await registerClient(e2e.server, email, PASSWORD, 'Axe Client')).status).toBe(201);
      const page = await e2e.fresh();
      await login(page, email, PASSWORD);
      await page.waitForURL(/\/portal\//, { timeout: 20_000 });
      // An application to show: answer and submit the SDLT questionnaire as this client.
      const definition = loadPublished('sdlt_refund');
      await openAssessment(page, 'sdlt_refund');
      const next = page.getByRole('button', { name: 'Next', exact: true });
      for (let guard = 0; guard < 40; guard++) {
        await page.locator('.reclaim-survey:visible, [data-testid="review-step"]').first().waitFor();
        const id = await currentQuestion(page);
        if (id === null) break;
        const value = (sdltMixedUseAnswers as Record<string, unknown>)[id];
        if (value !== undefined) await giveAnswer(page, definition, id, value);
        await next.click();
        await expect.poll(() => currentQuestion(page), { timeout: 10_000 }).not.toBe(id);
      }
      const assessmentId = assessmentIdFromUrl(page.url());
      await page.getByRole('button', { name: 'Submit Assessment' }).click();
      await page.waitForURL(/\/portal\/applications\/[0-9a-f-]{36}$/, { timeout: 20_000 });
      const applicationPath = new URL(page.url()).pathname;
      for (const path of [...clientPortal, applicationPath, `/portal/assessments/${assessmentId}`])
        await check(page, path);
      await page.context().close();

      const staff = await e2e.fresh();
      await login(staff, ADMIN_EMAIL, ADMIN_PASSWORD);
      await staff.waitForURL(/\/portal\//, { timeout: 20_000 });
      for (const path of [...staffPortal, applicationPath]) await check(staff, path);
      // The message templates with a template open in the editor (merge fields and preview).
      await staff.goto('/portal/message-templates');
      await staff
        .getByRole('list', { name: 'Templates' })
        .getByRole('button', { name: /^Edit / })
        .first()
        .click({ timeout: 20_000 });
      await staff.getByRole('form', { name: /^Edit / }).waitFor();
      await expectAccessible(staff, 'message templates, editing a template');
      await staff.goto(`/assessment/${assessmentId}/results`);
      await staff.getByTestId('results-view').waitFor({ timeout: 20_000 });
      await staff.getByRole('button', { name: 'Adviser detail' }).click();
      await staff.getByTestId('adviser-detail').waitFor();
      await expectAccessible(staff, 'results with adviser detail');
      await staff.context().close();
    },
    LONG,
  );
});
