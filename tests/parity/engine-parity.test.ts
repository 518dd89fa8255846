// Web/API engine parity: the browser evaluates with the definition JSON the API serves; the server
// re-evaluates on submit with the version the assessment recorded. For every assessment type and
// every answer set in the definitions' own tests, both give the same result.
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateAssessment, loadDefinition, type AssessmentEvaluation } from '@reclaim/engine';
import { loadPublished } from '../e2e/assessment-helpers';
import { repoRoot, startServer, uniqueEmail, type TestServer } from '../e2e/harness';

interface Case {
  type: string;
  name: string;
  answers: Record<string, unknown>;
}

const cases: Case[] = [];
const root = join(repoRoot, 'definitions', 'assessments');
for (const type of readdirSync(root)) {
  if (type === 'default_template') continue; // a template, not a service assessment
  const dir = join(root, type);
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((f) => /^v\d+\.json$/.test(f));
  } catch {
    continue;
  }
  // The server evaluates a new assessment with the version in force today: its own answer sets,
  // and those of earlier versions whose every answer is still a question of it (an earlier version's
  // answers to a question since removed are refused, rightly, as not a question of the assessment).
  const inForce = loadPublished(type);
  const questions = new Set(inForce.questionnaire.questions.map((q) => q.id));
  for (const f of files) {
    const json = JSON.parse(readFileSync(join(dir, f), 'utf8')) as {
      version: number;
      tests?: { name: string; answers?: Record<string, unknown> }[];
    };
    for (const t of json.tests ?? []) {
      if (!t.answers) continue;
      if (json.version === inForce.version || Object.keys(t.answers).every((id) => questions.has(id)))
        cases.push({ type, name: t.name, answers: t.answers });
    }
  }
}

let server: TestServer;
let auth: Record<string, string>;

beforeAll(async () => {
  server = await startServer();
  const email = uniqueEmail('parity');
  const res = await fetch(`${server.baseUrl}/auth/register/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'Parity-Passphrase-2026', display_name: 'Parity' }),
  });
  expect(res.status).toBe(201);
  // Registration answers without tokens (issue 25 §3): sign in with the new password.
  const signedIn = await fetch(`${server.baseUrl}/auth/login/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: email, password: 'Parity-Passphrase-2026' }),
  });
  expect(signedIn.status).toBe(200);
  const { access } = (await signedIn.json()) as { access: string };
  auth = { authorization: `Bearer ${access}`, 'content-type': 'application/json' };
});
afterAll(async () => server?.stop());

describe('the server and the browser engine agree', () => {
  it('there are answer cases for every scored service', () => {
    const types = new Set(cases.map((c) => c.type));
    for (const t of [
      'sdlt_refund',
      'rd_tax_credits',
      'business_rates_appeals',
      'capital_allowances',
      'patent_box',
      'cgt_assessment',
      'inheritance_tax',
      'eis_relief',
    ]) {
      expect(types.has(t), t).toBe(true);
    }
  });

  it('results sent by a browser are refused, never stored', async () => {
    const saved = await fetch(`${server.baseUrl}/api/assessment/save/`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        service_type: 'sdlt_refund',
        answers: { propertyTypeSDR: 'Residential' },
        current_step: 0,
      }),
    });
    const { assessment_id } = (await saved.json()) as { assessment_id: string };
    const forged = await fetch(`${server.baseUrl}/api/assessment/submit/`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({
        assessment_id,
        service_type: 'sdlt_refund',
        answers: { propertyTypeSDR: 'Residential' },
        sdlt_potential_refund_amount_estimate: 1e9,
      }),
    });
    expect(forged.status).toBe(400);
    const stored = (await (
      await fetch(`${server.baseUrl}/api/assessment/${assessment_id}/`, { headers: auth })
    ).json()) as Record<string, unknown>;
    expect(stored.sdlt_potential_refund_amount_estimate ?? null).not.toBe(1e9);
    expect(stored.status).toBe('in_progress');
  });

  for (const c of cases) {
    it(`${c.type}: ${c.name}`, async () => {
      const served = (await (
        await fetch(`${server.baseUrl}/api/definitions/${c.type}/published/`)
      ).json()) as {
        definition: unknown;
        parameterSets: Record<string, unknown>;
      };
      const saved = await fetch(`${server.baseUrl}/api/assessment/save/`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ service_type: c.type, answers: c.answers, current_step: 0 }),
      });
      expect(saved.status, await saved.clone().text()).toBeLessThan(300);
      const { assessment_id } = (await saved.json()) as { assessment_id: string };
      const submitted = await fetch(`${server.baseUrl}/api/assessment/submit/`, {
        method: 'POST',
        headers: auth,
        body: JSON.stringify({ assessment_id, service_type: c.type, answers: c.answers }),
      });
      expect(submitted.status, await submitted.clone().text()).toBeLessThan(300);
      const { assessment } = (await submitted.json()) as {
        assessment: { status: string; results: AssessmentEvaluation } & Record<string, unknown>;
      };
      expect(assessment.status).toBe('COMPLETED');

      const definition = loadDefinition(served.definition, { parameterSets: served.parameterSets });
      const local = await evaluateAssessment({
        definition,
        answers: c.answers,
        asOf: assessment.results.asOf,
      });
      expect(assessment.results.eligibility).toEqual(local.eligibility);
      expect(assessment.results.complexity).toEqual(local.complexity);
      expect(assessment.results.value).toEqual(local.value);
      expect(assessment.results.resultFields).toEqual(local.resultFields);
      // the results page reads these: how each field is shown, the summary, what would change it,
      // and the client's "why" sentences
      expect(assessment.results.resultFieldViews).toEqual(local.resultFieldViews);
      expect(assessment.results.recommendation).toEqual(local.recommendation);
      expect(assessment.results.trace.rules.map((r) => r.text)).toEqual(local.trace.rules.map((r) => r.text));
      expect(assessment.results.trace.calculations).toEqual(local.trace.calculations);
      for (const [key, value] of Object.entries(local.resultFields))
        expect(assessment[key], key).toEqual(value);
    });
  }
});
