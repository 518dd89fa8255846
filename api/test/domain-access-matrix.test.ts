import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCast, multipart, pdfBytes, sdltAnswers, type Actor, type Cast } from './fixtures/domain';
import { createTestApp, registerUser, type TestApp } from './helpers/app';

// SECURITY.md rows 13, 14 and 16: every domain route × every kind of caller, against the
// checked-in table test/access-matrix.json; others' records answer 404; admin routes 403 for
// clients; malformed input is 4xx, never 5xx.

interface MatrixRow {
  route: string;
  anonymous: number;
  clientA: number;
  clientB: number;
  staff: number;
  admin: number;
}
const matrix = JSON.parse(readFileSync(join(__dirname, 'access-matrix.json'), 'utf8')) as {
  actors: Actor['name'][];
  routes: MatrixRow[];
};

type Build = (actor: Actor) => InjectOptions | Promise<InjectOptions>;

/** A draft id that names no draft (the drafts' own test covers real ones). */
const NO_DRAFT = '00000000-0000-4000-8000-000000000000';
describe('access matrix', () => {
  let t: TestApp;
  let cast: Cast;
  const shared = { assessment: '', claim: '', task: '', document: '', thread: '', slug: '' };
  let routes: Record<string, Build>;
  let counter = 0;

  const as = (actor: Actor, options: InjectOptions): InjectOptions => ({
    ...options,
    headers: { ...(options.headers as Record<string, string> | undefined), ...actor.headers },
  });

  /** The version of a message template in use (what an editor opening it would send as base_version). */
  async function templateVersion(key: string): Promise<number> {
    const res = await t.request({
      method: 'GET',
      url: '/api/message-templates/',
      headers: cast.staff.headers,
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json<{ key: string; version: number }[]>().find((tp) => tp.key === key)!.version;
  }

  async function newAssessment(
    answers: Record<string, unknown> = { propertyTypeSDR: 'Residential' },
  ): Promise<string> {
    const res = await t.request({
      method: 'POST',
      url: '/api/assessment/save/',
      headers: cast.clientA.headers,
      payload: { service_type: 'sdlt_refund', answers, current_step: 0 },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json<{ id: string }>().id;
  }
  /** A saved view of the staff member (a new one each time: DELETE removes it). */
  async function staffView(): Promise<string> {
    const res = await t.request({
      method: 'POST',
      url: '/api/workbench/views/',
      headers: cast.staff.headers,
      payload: { name: `Staff view ${Math.random()}`, filters: {} },
    });
    if (res.statusCode !== 201) throw new Error(res.body);
    return res.json<{ id: string }>().id;
  }
  async function newClaim(): Promise<{ assessment: string; claim: string }> {
    const assessment = await newAssessment(sdltAnswers());
    const res = await t.request({
      method: 'POST',
      url: '/api/assessment/submit/',
      headers: cast.clientA.headers,
      payload: { assessment_id: assessment },
    });
    return { assessment, claim: res.json<{ claim_id: string }>().claim_id };
  }
  async function newDocument(): Promise<string> {
    const body = multipart({ name: 'evidence.pdf', content: pdfBytes() });
    const res = await t.request({
      method: 'POST',
      url: '/api/documents/',
      headers: { ...cast.clientA.headers, ...body.headers },
      payload: body.payload,
    });
    return res.json<{ id: string }>().id;
  }

  let patentBox: Record<string, unknown> = {};
  /** The open draft of patent_box (made from the published JSON when there is none); its version. */
  async function newDraft(): Promise<number> {
    const res = await t.request({
      method: 'PUT',
      url: '/api/definitions/patent_box/draft/',
      headers: cast.staff.headers,
      payload: { definition: patentBox },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json<{ version: number }>().version;
  }

  const releaseNote = { release_note: 'Matrix release', source_url: 'https://www.gov.uk/' };
  async function draftChecksum(version: number): Promise<string> {
    const res = await t.request({
      method: 'GET',
      url: `/api/definitions/patent_box/drafts/${version}/`,
      headers: cast.staff.headers,
    });
    return res.json<{ checksum: string }>().checksum;
  }
  /** A fresh patent_box draft saved and submitted by staff. */
  async function submittedDraft(): Promise<number> {
    const version = await newDraft();
    const res = await t.request({
      method: 'POST',
      url: `/api/definitions/patent_box/drafts/${version}/submit/`,
      headers: cast.staff.headers,
      payload: releaseNote,
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    return version;
  }
  /** …and approved by the admin (not the submitter). */
  async function approvedDraft(): Promise<number> {
    const version = await submittedDraft();
    const res = await t.request({
      method: 'POST',
      url: `/api/definitions/patent_box/drafts/${version}/approve/`,
      headers: cast.admin.headers,
      payload: { checksum: await draftChecksum(version) },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    return version;
  }
  /** An impact run of a fresh patent_box draft, started by staff. */
  async function impactRun(): Promise<string> {
    const res = await t.request({
      method: 'POST',
      url: `/api/definitions/patent_box/drafts/${await newDraft()}/impact-runs/`,
      headers: cast.staff.headers,
      payload: {},
    });
    if (res.statusCode !== 202) throw new Error(res.body);
    return res.json<{ run_id: string }>().run_id;
  }
  async function publishDraft(version: number): Promise<void> {
    const res = await t.request({
      method: 'POST',
      url: `/api/definitions/patent_box/drafts/${version}/publish/`,
      headers: cast.admin.headers,
      payload: {},
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  }

  /** The reliefs parameter set's open draft, saved by staff from what it reads (no change). */
  async function parameterDraft(): Promise<string> {
    const opened = await t.request({
      method: 'GET',
      url: '/api/parameter-sets/reliefs/',
      headers: cast.staff.headers,
    });
    const set = opened.json<{
      checksum: string;
      parameter_set: unknown;
      draft: { checksum: string; parameter_set: unknown } | null;
    }>();
    const res = await t.request({
      method: 'PUT',
      url: '/api/parameter-sets/reliefs/draft/',
      headers: cast.staff.headers,
      payload: {
        parameter_set: (set.draft ?? set).parameter_set,
        base_checksum: (set.draft ?? set).checksum,
      },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    return res.json<{ checksum: string }>().checksum;
  }
  /** …submitted by staff. */
  async function submittedParameterDraft(): Promise<string> {
    const checksum = await parameterDraft();
    const res = await t.request({
      method: 'POST',
      url: '/api/parameter-sets/reliefs/draft/submit/',
      headers: cast.staff.headers,
      payload: releaseNote,
    });
    if (res.statusCode !== 200) throw new Error(res.body);
    return checksum;
  }
  /** …and approved by the admin. */
  async function approvedParameterDraft(): Promise<void> {
    const checksum = await submittedParameterDraft();
    const res = await t.request({
      method: 'POST',
      url: '/api/parameter-sets/reliefs/draft/approve/',
      headers: cast.admin.headers,
      payload: { checksum },
    });
    if (res.statusCode !== 200) throw new Error(res.body);
  }

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
    patentBox = (await t.request({ method: 'GET', url: '/api/definitions/patent_box/published/' })).json<{
      definition: Record<string, unknown>;
    }>().definition;
    shared.assessment = await newAssessment();
    const submitted = await newClaim();
    shared.claim = submitted.claim;
    const tasks = await t.request({
      method: 'GET',
      url: `/api/assessment/${submitted.assessment}/documents/`,
      headers: cast.clientA.headers,
    });
    shared.task = tasks.json<{ id: string }[]>()[0]!.id;
    shared.document = await newDocument();
    const thread = await t.request({
      method: 'POST',
      url: '/api/messages/threads/',
      headers: cast.clientA.headers,
      payload: { subject: 'A question', body: 'Hello' },
    });
    shared.thread = thread.json<{ id: string }>().id;
    const article = await t.request({
      method: 'POST',
      url: '/api/news/',
      headers: cast.staff.headers,
      payload: { title: 'Matrix draft', summary: 's', body: 'b' },
    });
    shared.slug = article.json<{ slug: string }>().slug;

    routes = {
      'GET /services/': (a) => as(a, { method: 'GET', url: '/services/' }),
      'GET /services/category/{category}/': (a) =>
        as(a, { method: 'GET', url: '/services/category/property_tax/' }),
      'GET /api/definitions/': (a) => as(a, { method: 'GET', url: '/api/definitions/' }),
      'GET /api/definitions/{serviceType}/published/': (a) =>
        as(a, { method: 'GET', url: '/api/definitions/sdlt_refund/published/' }),
      'PUT /api/definitions/{definitionId}/draft/': (a) =>
        as(a, {
          method: 'PUT',
          url: '/api/definitions/patent_box/draft/',
          payload: { definition: patentBox },
        }),
      'GET /api/definitions/{definitionId}/drafts/{version}/': async (a) =>
        as(a, { method: 'GET', url: `/api/definitions/patent_box/drafts/${await newDraft()}/` }),
      'POST /api/definitions/{definitionId}/drafts/{version}/try/': async (a) =>
        as(a, {
          method: 'POST',
          url: `/api/definitions/patent_box/drafts/${await newDraft()}/try/`,
          payload: { answers: { hasPatents: true }, as_of: '2026-01-01' },
        }),
      'POST /api/definitions/{definitionId}/check/': (a) =>
        as(a, {
          method: 'POST',
          url: '/api/definitions/patent_box/check/',
          payload: { definition: patentBox },
        }),
      'GET /api/definitions/{definitionId}/drafts/{version}/diff/': async (a) =>
        as(a, { method: 'GET', url: `/api/definitions/patent_box/drafts/${await newDraft()}/diff/` }),
      'GET /api/definitions/{definitionId}/drafts/{version}/impact/': async (a) =>
        as(a, { method: 'GET', url: `/api/definitions/patent_box/drafts/${await newDraft()}/impact/` }),
      'POST /api/definitions/{definitionId}/drafts/{version}/submit/': async (a) =>
        as(a, {
          method: 'POST',
          url: `/api/definitions/patent_box/drafts/${await newDraft()}/submit/`,
          payload: releaseNote,
        }),
      'POST /api/definitions/{definitionId}/drafts/{version}/withdraw/': async (a) =>
        as(a, {
          method: 'POST',
          url: `/api/definitions/patent_box/drafts/${await submittedDraft()}/withdraw/`,
          payload: {},
        }),
      'POST /api/definitions/{definitionId}/drafts/{version}/approve/': async (a) => {
        const version = await submittedDraft();
        return as(a, {
          method: 'POST',
          url: `/api/definitions/patent_box/drafts/${version}/approve/`,
          payload: { checksum: await draftChecksum(version) },
        });
      },
      'POST /api/definitions/{definitionId}/drafts/{version}/request-changes/': async (a) =>
        as(a, {
          method: 'POST',
          url: `/api/definitions/patent_box/drafts/${await submittedDraft()}/request-changes/`,
          payload: { comment: 'Cite the manual page' },
        }),
      'POST /api/definitions/{definitionId}/drafts/{version}/publish/': async (a) =>
        as(a, {
          method: 'POST',
          url: `/api/definitions/patent_box/drafts/${await approvedDraft()}/publish/`,
          payload: {},
        }),
      'POST /api/definitions/{definitionId}/rollback-draft/': async (a) => {
        // No open draft: the one the other rows left is published first.
        await publishDraft(await approvedDraft());
        return as(a, {
          method: 'POST',
          url: '/api/definitions/patent_box/rollback-draft/',
          payload: { to_version: 1 },
        });
      },
      'POST /api/definitions/{definitionId}/rollback/': async (a) => {
        await publishDraft(await approvedDraft());
        return as(a, {
          method: 'POST',
          url: '/api/definitions/patent_box/rollback/',
          payload: { reason: 'Access matrix emergency' },
        });
      },
      'POST /api/definitions/{definitionId}/drafts/{version}/impact-runs/': async (a) =>
        as(a, {
          method: 'POST',
          url: `/api/definitions/patent_box/drafts/${await newDraft()}/impact-runs/`,
          payload: {},
        }),
      'GET /api/definitions/{definitionId}/impact-runs/{runId}/': async (a) =>
        as(a, { method: 'GET', url: `/api/definitions/patent_box/impact-runs/${await impactRun()}/` }),
      'POST /api/definitions/{definitionId}/impact-runs/{runId}/cancel/': async (a) =>
        as(a, {
          method: 'POST',
          url: `/api/definitions/patent_box/impact-runs/${await impactRun()}/cancel/`,
          payload: {},
        }),
      'GET /api/definitions/{definitionId}/impact-runs/{runId}/results/': async (a) =>
        as(a, {
          method: 'GET',
          url: `/api/definitions/patent_box/impact-runs/${await impactRun()}/results/`,
        }),
      'GET /api/definitions/{definitionId}/impact-runs/{runId}/results.csv': async (a) =>
        as(a, {
          method: 'GET',
          url: `/api/definitions/patent_box/impact-runs/${await impactRun()}/results.csv`,
        }),
      'POST /api/definitions/{definitionId}/parameter-impact-runs/': (a) =>
        as(a, {
          method: 'POST',
          url: '/api/definitions/patent_box/parameter-impact-runs/',
          payload: { set_id: 'sdlt' },
        }),
      'GET /api/definitions/{definitionId}/impact-runs/{runId}/summary/': async (a) =>
        as(a, {
          method: 'GET',
          url: `/api/definitions/patent_box/impact-runs/${await impactRun()}/summary/`,
        }),
      'GET /api/definitions/{definitionId}/impact-runs/{runId}/summary.csv': async (a) =>
        as(a, {
          method: 'GET',
          url: `/api/definitions/patent_box/impact-runs/${await impactRun()}/summary.csv`,
        }),
      'GET /api/definitions/{definitionId}/history/': (a) =>
        as(a, { method: 'GET', url: '/api/definitions/patent_box/history/' }),
      'GET /api/parameter-sets/{setId}/': (a) =>
        as(a, { method: 'GET', url: '/api/parameter-sets/reliefs/' }),
      'PUT /api/parameter-sets/{setId}/draft/': async (a) => {
        const opened = await t.request({
          method: 'GET',
          url: '/api/parameter-sets/reliefs/',
          headers: cast.admin.headers,
        });
        const set = opened.json<{
          checksum: string;
          parameter_set: unknown;
          draft: { checksum: string; parameter_set: unknown } | null;
        }>();
        return as(a, {
          method: 'PUT',
          url: '/api/parameter-sets/reliefs/draft/',
          payload: {
            parameter_set: (set.draft ?? set).parameter_set,
            base_checksum: (set.draft ?? set).checksum,
          },
        });
      },
      'DELETE /api/parameter-sets/{setId}/draft/': async (a) => {
        await parameterDraft();
        return as(a, { method: 'DELETE', url: '/api/parameter-sets/reliefs/draft/' });
      },
      'POST /api/parameter-sets/{setId}/draft/submit/': async (a) => {
        await parameterDraft();
        return as(a, {
          method: 'POST',
          url: '/api/parameter-sets/reliefs/draft/submit/',
          payload: releaseNote,
        });
      },
      'POST /api/parameter-sets/{setId}/draft/approve/': async (a) =>
        as(a, {
          method: 'POST',
          url: '/api/parameter-sets/reliefs/draft/approve/',
          payload: { checksum: await submittedParameterDraft() },
        }),
      'POST /api/parameter-sets/{setId}/draft/publish/': async (a) => {
        await approvedParameterDraft();
        return as(a, { method: 'POST', url: '/api/parameter-sets/reliefs/draft/publish/', payload: {} });
      },
      'POST /api/parameter-sets/{setId}/rollback-draft/': (a) =>
        as(a, {
          method: 'POST',
          url: '/api/parameter-sets/reliefs/rollback-draft/',
          payload: { checksum: '0'.repeat(64) },
        }),
      'GET /news/': (a) => as(a, { method: 'GET', url: '/news/' }),
      'GET /news/{slug}/': (a) =>
        as(a, { method: 'GET', url: '/news/multiple-dwellings-relief-abolished-june-2024/' }),
      'POST /contact/': (a) =>
        as(a, {
          method: 'POST',
          url: '/contact/',
          payload: { name: 'N', email: 'n@example.test', subject: 'S', message: 'M' },
        }),
      'POST /api/assessment/save/': (a) =>
        as(a, {
          method: 'POST',
          url: '/api/assessment/save/',
          payload: { service_type: 'patent_box', answers: {}, current_step: 0 },
        }),
      'POST /api/assessment/save/ (existing)': (a) =>
        as(a, {
          method: 'POST',
          url: '/api/assessment/save/',
          payload: {
            assessment_id: shared.assessment,
            service_type: 'sdlt_refund',
            answers: { propertyTypeSDR: 'Commercial' },
            current_step: 1,
          },
        }),
      'GET /api/assessment/{id}/': (a) =>
        as(a, { method: 'GET', url: `/api/assessment/${shared.assessment}/` }),
      'GET /api/assessments/': (a) => as(a, { method: 'GET', url: '/api/assessments/' }),
      'GET /api/document-tasks/pending/': (a) =>
        as(a, { method: 'GET', url: '/api/document-tasks/pending/' }),
      'GET /api/assessment/{id}/documents/': (a) =>
        as(a, { method: 'GET', url: `/api/assessment/${shared.assessment}/documents/` }),
      'POST /api/document-tasks/{id}/complete/': (a) =>
        as(a, {
          method: 'POST',
          url: `/api/document-tasks/${shared.task}/complete/`,
          payload: { document_id: shared.document },
        }),
      'POST /api/assessment/submit/': async (a) => {
        const id = await newAssessment(sdltAnswers());
        return as(a, {
          method: 'POST',
          url: '/api/assessment/submit/',
          payload: { assessment_id: id, service_type: 'sdlt_refund' },
        });
      },
      'POST /assessments': (a) =>
        as(a, { method: 'POST', url: '/assessments', payload: { service_type: 'rd_tax_credits' } }),
      'GET /assessments/{id}': (a) => as(a, { method: 'GET', url: `/assessments/${shared.assessment}` }),
      'PATCH /assessments/{id}': (a) =>
        as(a, { method: 'PATCH', url: `/assessments/${shared.assessment}`, payload: { current_step: 2 } }),
      'POST /assessments/{id}/answers': (a) =>
        as(a, {
          method: 'POST',
          url: `/assessments/${shared.assessment}/answers`,
          payload: { answers: { purchasePriceSDR: 200000 } },
        }),
      'GET /api/claims/': (a) => as(a, { method: 'GET', url: '/api/claims/' }),
      'GET /api/claims/{id}/': (a) => as(a, { method: 'GET', url: `/api/claims/${shared.claim}/` }),
      'POST /api/claims/{id}/status/': async (a) => {
        const { claim } = await newClaim();
        return as(a, {
          method: 'POST',
          url: `/api/claims/${claim}/status/`,
          payload: { status: 'in_review', note: 'Reviewing' },
        });
      },
      'GET /api/claims/{id}/drafts/': (a) =>
        as(a, { method: 'GET', url: `/api/claims/${shared.claim}/drafts/` }),
      'POST /api/claims/{id}/drafts/': (a) =>
        as(a, { method: 'POST', url: `/api/claims/${shared.claim}/drafts/` }),
      'PUT /api/claims/{id}/drafts/fields/': (a) =>
        as(a, {
          method: 'PUT',
          url: `/api/claims/${shared.claim}/drafts/fields/`,
          payload: { utrn: '123456789MC' },
        }),
      'PUT /api/claims/{id}/drafts/{draftId}/': (a) =>
        as(a, {
          method: 'PUT',
          url: `/api/claims/${shared.claim}/drafts/${NO_DRAFT}/`,
          payload: { sections: [] },
        }),
      'POST /api/claims/{id}/drafts/{draftId}/sign/': (a) =>
        as(a, {
          method: 'POST',
          url: `/api/claims/${shared.claim}/drafts/${NO_DRAFT}/sign/`,
          payload: {
            full_name: 'Ann Client',
            date: new Date().toISOString().slice(0, 10),
            checksum: '0'.repeat(64),
          },
        }),
      'GET /api/claims/{id}/drafts/{draftId}/pdf/': (a) =>
        as(a, { method: 'GET', url: `/api/claims/${shared.claim}/drafts/${NO_DRAFT}/pdf/` }),
      'GET /api/workbench/claims/': (a) => as(a, { method: 'GET', url: '/api/workbench/claims/' }),
      'GET /api/workbench/claims/{id}/': (a) =>
        as(a, { method: 'GET', url: `/api/workbench/claims/${shared.claim}/` }),
      'GET /api/workbench/claims/{id}/timeline/': (a) =>
        as(a, { method: 'GET', url: `/api/workbench/claims/${shared.claim}/timeline/` }),
      'POST /api/workbench/claims/{id}/assign/': (a) =>
        as(a, {
          method: 'POST',
          url: `/api/workbench/claims/${shared.claim}/assign/`,
          payload: { assignee_id: null },
        }),
      'POST /api/workbench/bulk/': (a) =>
        as(a, {
          method: 'POST',
          url: '/api/workbench/bulk/',
          payload: { action: 'assign', claim_ids: [shared.claim], assignee_id: null },
        }),
      'GET /api/workbench/views/': (a) => as(a, { method: 'GET', url: '/api/workbench/views/' }),
      'POST /api/workbench/views/': (a) =>
        as(a, {
          method: 'POST',
          url: '/api/workbench/views/',
          payload: { name: `View ${Math.random()}`, filters: { assignee: 'mine' } },
        }),
      // The staff member's own view: the admin (another staff member) gets 404.
      'PUT /api/workbench/views/{id}/': async (a) =>
        as(a, {
          method: 'PUT',
          url: `/api/workbench/views/${await staffView()}/`,
          payload: { name: `View ${Math.random()}`, filters: {} },
        }),
      'DELETE /api/workbench/views/{id}/': async (a) =>
        as(a, { method: 'DELETE', url: `/api/workbench/views/${await staffView()}/` }),
      'GET /api/workbench/staff/': (a) => as(a, { method: 'GET', url: '/api/workbench/staff/' }),
      'GET /api/workbench/sla-targets/': (a) => as(a, { method: 'GET', url: '/api/workbench/sla-targets/' }),
      'PUT /api/workbench/sla-targets/': (a) =>
        as(a, { method: 'PUT', url: '/api/workbench/sla-targets/', payload: { targets: [] } }),
      'GET /api/workbench/service-staff/': (a) =>
        as(a, { method: 'GET', url: '/api/workbench/service-staff/' }),
      'PUT /api/workbench/service-staff/{service}/': (a) =>
        as(a, {
          method: 'PUT',
          url: '/api/workbench/service-staff/patent_box/',
          payload: { user_ids: [] },
        }),
      'GET /api/claims/{id}/document-requests/': (a) =>
        as(a, { method: 'GET', url: `/api/claims/${shared.claim}/document-requests/` }),
      'POST /api/claims/{id}/document-requests/': (a) =>
        as(a, {
          method: 'POST',
          url: `/api/claims/${shared.claim}/document-requests/`,
          payload: {
            name: 'Completion statement',
            reason: 'It shows what was paid.',
            due_date: new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
          },
        }),
      'GET /api/messages/threads/': (a) => as(a, { method: 'GET', url: '/api/messages/threads/' }),
      'POST /api/messages/threads/': (a) =>
        as(a, {
          method: 'POST',
          url: '/api/messages/threads/',
          payload: { subject: 'Hi', body: 'Body', client_id: cast.clientA.id },
        }),
      'GET /api/messages/threads/{id}/': (a) =>
        as(a, { method: 'GET', url: `/api/messages/threads/${shared.thread}/` }),
      'POST /api/messages/threads/{id}/messages/': (a) =>
        as(a, {
          method: 'POST',
          url: `/api/messages/threads/${shared.thread}/messages/`,
          payload: { body: 'More' },
        }),
      'GET /api/messages/unread-count/': (a) => as(a, { method: 'GET', url: '/api/messages/unread-count/' }),
      'GET /api/message-templates/': (a) => as(a, { method: 'GET', url: '/api/message-templates/' }),
      'GET /api/message-templates/merge-fields/': (a) =>
        as(a, { method: 'GET', url: '/api/message-templates/merge-fields/' }),
      'GET /api/message-templates/{key}/versions/': (a) =>
        as(a, { method: 'GET', url: '/api/message-templates/claim_update/versions/' }),
      // Each save on the version in use (a stale one is a 409).
      'PUT /api/message-templates/{key}/': async (a) =>
        as(a, {
          method: 'PUT',
          url: '/api/message-templates/claim_update/',
          payload: {
            subject: 'Update on {{claim_reference}}',
            body: '{{message}}',
            base_version: await templateVersion('claim_update'),
          },
        }),
      'POST /api/documents/': (a) => {
        const body = multipart({ name: 'x.txt', content: Buffer.from('text') });
        return as(a, {
          method: 'POST',
          url: '/api/documents/',
          headers: body.headers,
          payload: body.payload,
        });
      },
      'GET /api/documents/': (a) => as(a, { method: 'GET', url: '/api/documents/' }),
      'GET /api/documents/{id}/download/': (a) =>
        as(a, { method: 'GET', url: `/api/documents/${shared.document}/download/` }),
      'DELETE /api/documents/{id}/': async (a) =>
        as(a, { method: 'DELETE', url: `/api/documents/${await newDocument()}/` }),
      'GET /api/contact-messages/': (a) => as(a, { method: 'GET', url: '/api/contact-messages/' }),
      'GET /api/news/': (a) => as(a, { method: 'GET', url: '/api/news/' }),
      'POST /api/news/': (a) =>
        as(a, {
          method: 'POST',
          url: '/api/news/',
          payload: { title: `Matrix article ${++counter}`, summary: 's', body: 'b' },
        }),
      'PATCH /api/news/{slug}/': (a) =>
        as(a, { method: 'PATCH', url: `/api/news/${shared.slug}/`, payload: { summary: 'Edited' } }),
      'POST /api/news/{slug}/publish/': (a) =>
        as(a, { method: 'POST', url: `/api/news/${shared.slug}/publish/` }),
      'POST /api/news/{slug}/unpublish/': (a) =>
        as(a, { method: 'POST', url: `/api/news/${shared.slug}/unpublish/` }),
      'GET /admin/dashboard/': (a) => as(a, { method: 'GET', url: '/admin/dashboard/' }),
      'GET /admin/users/': (a) => as(a, { method: 'GET', url: '/admin/users/' }),
      'PATCH /admin/users/{id}/': async (a) => {
        const target = await registerUser(t);
        return as(a, {
          method: 'PATCH',
          url: `/admin/users/${target.user.id}/`,
          payload: { is_active: false },
        });
      },
      'POST /admin/users/invite/': (a) =>
        as(a, {
          method: 'POST',
          url: '/admin/users/invite/',
          payload: { email: `invited-${randomUUID()}@example.test`, role: 'STAFF' },
        }),
      'GET /admin/users/{id}/audit/': (a) =>
        as(a, { method: 'GET', url: `/admin/users/${cast.clientA.id}/audit/` }),
      'GET /admin/activity-logs/': (a) => as(a, { method: 'GET', url: '/admin/activity-logs/' }),
      'GET /admin/system-metrics/': (a) => as(a, { method: 'GET', url: '/admin/system-metrics/' }),
    };
  });
  afterAll(async () => {
    await t?.close();
  });

  it('every route × caller answers the status in test/access-matrix.json', async () => {
    const mismatches: string[] = [];
    for (const row of matrix.routes) {
      const build = routes[row.route];
      if (!build) {
        mismatches.push(`${row.route}: no request built for this row`);
        continue;
      }
      for (const name of matrix.actors) {
        const res = await t.request(await build(cast[name]));
        if (res.statusCode !== row[name])
          mismatches.push(
            `${row.route} as ${name}: expected ${row[name]}, got ${res.statusCode} ${res.body.slice(0, 200)}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
  });

  it('the table covers every domain route of the OpenAPI document', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs-json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const norm = (method: string, path: string) =>
      `${method.toUpperCase()} ${path.replace(/\{[^}]+\}/g, '{}').replace(/\/+$/, '')}`;
    const inTable = new Set(
      matrix.routes
        .map((r) => r.route.replace(/ \(.*\)$/, ''))
        .map((r) => norm(r.split(' ')[0]!, r.split(' ')[1]!)),
    );
    const core = /^\/(auth|users)\/|^\/api\/(health|docs)/;
    const missing: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (core.test(path)) continue;
      for (const method of Object.keys(ops)) {
        if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
        if (!inTable.has(norm(method, path))) missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('row 13: client B against every client-A resource answers 404 and leaks nothing of A', async () => {
    const rows = matrix.routes.filter((r) => r.clientB === 404);
    expect(rows.length).toBeGreaterThanOrEqual(12);
    for (const row of rows) {
      const res = await t.request(await routes[row.route]!(cast.clientB));
      expect(res.statusCode, row.route).toBe(404);
      expect(res.body).not.toContain(cast.clientA.reg.email);
      expect(res.body).not.toContain('propertyTypeSDR');
    }
  });

  it('row 14: a client gets 403 on every admin route (and every staff-only route) of the OpenAPI document', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs-json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    const adminPaths = Object.entries(doc.paths).filter(([path]) => path.startsWith('/admin/'));
    expect(adminPaths.length).toBeGreaterThanOrEqual(5);
    for (const [path, ops] of adminPaths) {
      for (const method of Object.keys(ops)) {
        const url = path.replace(/\{[^}]+\}/g, cast.clientB.id!);
        for (const client of [cast.clientA, cast.clientB]) {
          const res = await t.request({
            method: method.toUpperCase() as InjectOptions['method'],
            url,
            headers: client.headers,
            payload: method === 'get' ? undefined : { role: 'ADMIN' },
          });
          expect(res.statusCode, `${method} ${path}`).toBe(403);
        }
      }
    }
    const staffOnly = matrix.routes.filter((r) => r.clientA === 403);
    for (const row of staffOnly)
      expect((await t.request(await routes[row.route]!(cast.clientA))).statusCode, row.route).toBe(403);
  });

  it('row 16: malformed bodies, ids and queries on every domain route are 4xx, never 5xx', async () => {
    const bodies: (string | Record<string, unknown> | unknown[])[] = [
      '{"broken json',
      'null',
      '[]',
      '"a string"',
      '12',
      { unexpected_field: true },
      { __proto__: { polluted: true }, constructor: { prototype: { polluted: true } } },
      {
        service_type: { $ne: null },
        assessment_id: 'not-a-uuid',
        answers: 'not-an-object',
        current_step: -1,
        version: 'one',
        status: 'DONE',
        document_id: 42,
        subject: ['x'],
        body: { nested: true },
        client_id: 'x',
        claim_id: 7,
        note: { a: 1 },
        title: 'x'.repeat(100_000),
        summary: null,
        slug: '../../etc/passwd',
        role: 'ROOT',
        is_active: 'yes',
        name: 1,
        email: 'nope',
        message: [],
      },
    ];
    const failures: string[] = [];
    const writeRows = matrix.routes.filter((r) => /^(POST|PATCH|PUT) /.test(r.route));
    for (const row of writeRows) {
      const base = await routes[row.route]!(cast.staff);
      for (const actor of [cast.clientA, cast.staff]) {
        for (const body of bodies) {
          const res = await t.request({
            method: base.method,
            url: base.url,
            headers: { ...actor.headers, 'content-type': 'application/json' },
            payload: typeof body === 'string' ? body : JSON.stringify(body),
          });
          // Publish, unpublish, withdraw, rollback-draft, impact-runs, cancel and generating a claim's drafts take no (required) body, so there is nothing to get wrong: only 5xx fails them.
          const bodyless =
            /\/(publish|unpublish|rollback|withdraw|rollback-draft|impact-runs|cancel)\/$/.test(row.route) ||
            row.route === 'POST /api/claims/{id}/drafts/';
          const bad = bodyless ? res.statusCode >= 500 : res.statusCode < 400 || res.statusCode >= 500;
          if (bad)
            failures.push(
              `${row.route} as ${actor.name} with ${JSON.stringify(body).slice(0, 60)}: ${res.statusCode}`,
            );
        }
      }
    }
    // Ids that are not UUIDs, and queries out of range.
    const probes = [
      '/api/assessment/not-a-uuid/',
      '/api/assessment/%00/documents/',
      '/assessments/123',
      '/api/claims/abc/',
      '/api/claims/?stage=nope',
      '/api/claims/?page=0',
      '/api/claims/?page_size=1000',
      '/api/claims/?page=abc',
      '/api/messages/threads/xyz/',
      '/api/documents/..%2F..%2Fetc%2Fpasswd/download/',
      '/api/documents/?claim_id=1',
      '/admin/users/?role=ROOT',
      '/admin/activity-logs/?from=2024-13-45',
      '/admin/users/not-a-uuid/audit/',
      '/news/?page=-1',
      '/news/..%2F..%2Fx/',
      '/services/category/%24where/',
      '/api/assessments/?user=nope',
    ];
    for (const url of probes) {
      const res = await t.request({ method: 'GET', url, headers: cast.staff.headers });
      if (res.statusCode < 400 || res.statusCode >= 500) failures.push(`GET ${url}: ${res.statusCode}`);
    }
    expect(failures).toEqual([]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
