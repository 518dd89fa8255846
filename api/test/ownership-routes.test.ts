import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ownership } from '../src/common/access';
import { createCast, multipart, pdfBytes, sdltAnswers, type Cast } from './fixtures/domain';
import { createTestApp, type TestApp } from './helpers/app';

// Issue 26 §2: "staff see all, clients see their own" is one rule (common/access.ts `ownership`).
// Every route of the OpenAPI document whose path is about assessments, claims, messages or
// documents is listed below (a new one fails the first test until it is added), and for each the
// test proves, as client B against client A's records, that the request went through `ownership`
// and that B gets nothing of A's: a lookup answers 404, a list holds none of A's ids (while A's own
// list holds them, so the check can fail), a write naming A's record is refused.

/** A draft id that names no draft (test/claim-drafts.test.ts covers real ones). */
const NO_DRAFT = '00000000-0000-4000-8000-000000000000';

const DOMAIN_PATH = /assessment|claim|message|document|thread/;

interface Ids {
  assessment: string;
  submitted: string;
  claim: string;
  task: string;
  document: string;
  thread: string;
}

type Check =
  /** Client B naming A's record: `status`; A itself: `ownerStatus`. */
  | { kind: 'record'; request: (ids: Ids) => InjectOptions; status: number; ownerStatus: number }
  /** A list or count: B's answer holds none of A's ids; A's holds `ownerSees` of them. */
  | { kind: 'list'; request: () => InjectOptions; ownerSees: (ids: Ids) => string[] }
  /** Creating a record of B's own that names A's record: refused with `status`. */
  | { kind: 'create'; request: (ids: Ids) => InjectOptions; status: number }
  /** Staff only: a client gets 403 before any record is read. */
  | { kind: 'staff'; request: (ids: Ids) => InjectOptions };

const CHECKS: Record<string, Check> = {
  'POST /api/assessment/save/': {
    kind: 'record',
    request: (ids) => ({
      method: 'POST',
      url: '/api/assessment/save/',
      payload: { assessment_id: ids.assessment, service_type: 'sdlt_refund', answers: {} },
    }),
    status: 404,
    ownerStatus: 200,
  },
  'POST /api/assessment/submit/': {
    kind: 'record',
    request: (ids) => ({
      method: 'POST',
      url: '/api/assessment/submit/',
      payload: { assessment_id: ids.submitted },
    }),
    status: 404,
    ownerStatus: 200,
  },
  'GET /api/assessments/': {
    kind: 'list',
    request: () => ({ method: 'GET', url: '/api/assessments/' }),
    ownerSees: (ids) => [ids.assessment, ids.submitted],
  },
  'GET /api/document-tasks/pending/': {
    kind: 'list',
    request: () => ({ method: 'GET', url: '/api/document-tasks/pending/' }),
    ownerSees: (ids) => [ids.task],
  },
  'GET /api/assessment/{id}/': {
    kind: 'record',
    request: (ids) => ({ method: 'GET', url: `/api/assessment/${ids.assessment}/` }),
    status: 404,
    ownerStatus: 200,
  },
  'GET /api/assessment/{id}/documents/': {
    kind: 'record',
    request: (ids) => ({ method: 'GET', url: `/api/assessment/${ids.submitted}/documents/` }),
    status: 404,
    ownerStatus: 200,
  },
  'POST /api/document-tasks/{id}/complete/': {
    kind: 'record',
    request: (ids) => ({
      method: 'POST',
      url: `/api/document-tasks/${ids.task}/complete/`,
      payload: { document_id: ids.document },
    }),
    status: 404,
    ownerStatus: 200,
  },
  'POST /assessments': {
    kind: 'create',
    // Nothing of A's can be named: the new assessment is B's (checked below by its owner).
    request: () => ({ method: 'POST', url: '/assessments', payload: { service_type: 'sdlt_refund' } }),
    status: 201,
  },
  'GET /assessments/{id}': {
    kind: 'record',
    request: (ids) => ({ method: 'GET', url: `/assessments/${ids.assessment}` }),
    status: 404,
    ownerStatus: 200,
  },
  'PATCH /assessments/{id}': {
    kind: 'record',
    request: (ids) => ({
      method: 'PATCH',
      url: `/assessments/${ids.assessment}`,
      payload: { current_step: 1 },
    }),
    status: 404,
    ownerStatus: 200,
  },
  'POST /assessments/{id}/answers': {
    kind: 'record',
    request: (ids) => ({
      method: 'POST',
      url: `/assessments/${ids.assessment}/answers`,
      payload: { answers: {} },
    }),
    status: 404,
    ownerStatus: 200,
  },
  'GET /api/claims/': {
    kind: 'list',
    request: () => ({ method: 'GET', url: '/api/claims/' }),
    ownerSees: (ids) => [ids.claim],
  },
  'GET /api/claims/{id}/': {
    kind: 'record',
    request: (ids) => ({ method: 'GET', url: `/api/claims/${ids.claim}/` }),
    status: 404,
    ownerStatus: 200,
  },
  'POST /api/claims/{id}/status/': {
    kind: 'staff',
    request: (ids) => ({
      method: 'POST',
      url: `/api/claims/${ids.claim}/status/`,
      payload: { status: 'in_review' },
    }),
  },
  'GET /api/claims/{id}/drafts/': {
    kind: 'record',
    request: (ids) => ({ method: 'GET', url: `/api/claims/${ids.claim}/drafts/` }),
    status: 404,
    ownerStatus: 200,
  },
  'POST /api/claims/{id}/drafts/': {
    kind: 'staff',
    request: (ids) => ({ method: 'POST', url: `/api/claims/${ids.claim}/drafts/` }),
  },
  'PUT /api/claims/{id}/drafts/fields/': {
    kind: 'record',
    request: (ids) => ({
      method: 'PUT',
      url: `/api/claims/${ids.claim}/drafts/fields/`,
      payload: { utrn: '123456789MC' },
    }),
    status: 404,
    // A's claim has no draft to complete (its result supports no route)
    ownerStatus: 409,
  },
  'PUT /api/claims/{id}/drafts/{draftId}/': {
    kind: 'staff',
    request: (ids) => ({
      method: 'PUT',
      url: `/api/claims/${ids.claim}/drafts/${NO_DRAFT}/`,
      payload: { sections: [] },
    }),
  },
  'POST /api/claims/{id}/drafts/{draftId}/sign/': {
    kind: 'record',
    request: (ids) => ({
      method: 'POST',
      url: `/api/claims/${ids.claim}/drafts/${NO_DRAFT}/sign/`,
      payload: {
        full_name: 'Ann Client',
        date: new Date().toISOString().slice(0, 10),
        checksum: '0'.repeat(64),
      },
    }),
    status: 404,
    ownerStatus: 404,
  },
  'GET /api/claims/{id}/drafts/{draftId}/pdf/': {
    kind: 'record',
    request: (ids) => ({ method: 'GET', url: `/api/claims/${ids.claim}/drafts/${NO_DRAFT}/pdf/` }),
    status: 404,
    ownerStatus: 404,
  },
  'GET /api/claims/{id}/document-requests/': {
    kind: 'record',
    request: (ids) => ({ method: 'GET', url: `/api/claims/${ids.claim}/document-requests/` }),
    status: 404,
    ownerStatus: 200,
  },
  'POST /api/claims/{id}/document-requests/': {
    kind: 'staff',
    request: (ids) => ({
      method: 'POST',
      url: `/api/claims/${ids.claim}/document-requests/`,
      payload: { name: 'Completion statement', reason: 'It shows the tax paid.', due_date: '2099-01-01' },
    }),
  },
  'GET /api/workbench/claims/': {
    kind: 'staff',
    request: () => ({ method: 'GET', url: '/api/workbench/claims/' }),
  },
  'GET /api/workbench/claims/{id}/': {
    kind: 'staff',
    request: (ids) => ({ method: 'GET', url: `/api/workbench/claims/${ids.claim}/` }),
  },
  'GET /api/workbench/claims/{id}/timeline/': {
    kind: 'staff',
    request: (ids) => ({ method: 'GET', url: `/api/workbench/claims/${ids.claim}/timeline/` }),
  },
  'POST /api/workbench/claims/{id}/assign/': {
    kind: 'staff',
    request: (ids) => ({
      method: 'POST',
      url: `/api/workbench/claims/${ids.claim}/assign/`,
      payload: { assignee_id: null },
    }),
  },
  'GET /api/message-templates/': {
    kind: 'staff',
    request: () => ({ method: 'GET', url: '/api/message-templates/' }),
  },
  'GET /api/message-templates/merge-fields/': {
    kind: 'staff',
    request: () => ({ method: 'GET', url: '/api/message-templates/merge-fields/' }),
  },
  'GET /api/message-templates/{key}/versions/': {
    kind: 'staff',
    request: () => ({ method: 'GET', url: '/api/message-templates/claim_update/versions/' }),
  },
  'PUT /api/message-templates/{key}/': {
    kind: 'staff',
    request: () => ({
      method: 'PUT',
      url: '/api/message-templates/claim_update/',
      payload: { subject: 'Update on {{claim_reference}}', body: '{{message}}' },
    }),
  },
  'GET /api/messages/unread-count/': {
    kind: 'list',
    request: () => ({ method: 'GET', url: '/api/messages/unread-count/' }),
    ownerSees: () => [],
  },
  'GET /api/messages/threads/': {
    kind: 'list',
    request: () => ({ method: 'GET', url: '/api/messages/threads/' }),
    ownerSees: (ids) => [ids.thread],
  },
  'POST /api/messages/threads/': {
    kind: 'create',
    request: (ids) => ({
      method: 'POST',
      url: '/api/messages/threads/',
      payload: { subject: 'About a claim', body: 'Hello', claim_id: ids.claim },
    }),
    status: 400,
  },
  'GET /api/messages/threads/{id}/': {
    kind: 'record',
    request: (ids) => ({ method: 'GET', url: `/api/messages/threads/${ids.thread}/` }),
    status: 404,
    ownerStatus: 200,
  },
  'POST /api/messages/threads/{id}/messages/': {
    kind: 'record',
    request: (ids) => ({
      method: 'POST',
      url: `/api/messages/threads/${ids.thread}/messages/`,
      payload: { body: 'Hello again' },
    }),
    status: 404,
    ownerStatus: 201,
  },
  'POST /api/documents/': {
    kind: 'create',
    request: (ids) => {
      const body = multipart({ name: 'evidence.pdf', content: pdfBytes() }, { claim_id: ids.claim });
      return { method: 'POST', url: '/api/documents/', headers: body.headers, payload: body.payload };
    },
    status: 400,
  },
  'GET /api/documents/': {
    kind: 'list',
    request: () => ({ method: 'GET', url: '/api/documents/' }),
    ownerSees: (ids) => [ids.document],
  },
  'GET /api/documents/{id}/download/': {
    kind: 'record',
    request: (ids) => ({ method: 'GET', url: `/api/documents/${ids.document}/download/` }),
    status: 404,
    ownerStatus: 200,
  },
  'DELETE /api/documents/{id}/': {
    kind: 'record',
    request: (ids) => ({ method: 'DELETE', url: `/api/documents/${ids.document}/` }),
    status: 404,
    // Checked last among the document routes: A deleting its own document is 204.
    ownerStatus: 204,
  },
  'GET /api/contact-messages/': {
    kind: 'staff',
    request: () => ({ method: 'GET', url: '/api/contact-messages/' }),
  },
};

const RULE = ['record', 'own', 'list', 'listOwner', 'listOwnerId', 'recordOwnerId', 'ownOwnerId'] as const;

describe('one ownership rule for every assessment, claim, message and document route', () => {
  let t: TestApp;
  let cast: Cast;
  let ids: Ids;
  let documented: string[] = [];
  const spies = RULE.map((name) => vi.spyOn(ownership, name));
  const ruleCalls = (): number => spies.reduce((sum, spy) => sum + spy.mock.calls.length, 0);

  async function as(who: 'clientA' | 'clientB', options: InjectOptions) {
    return t.request({
      ...options,
      headers: { ...(options.headers as Record<string, string> | undefined), ...cast[who].headers },
    });
  }

  async function ok<T>(options: InjectOptions): Promise<T> {
    const res = await as('clientA', options);
    if (res.statusCode >= 300)
      throw new Error(
        `${options.method ?? 'GET'} ${JSON.stringify(options.url)}: ${res.statusCode} ${res.body}`,
      );
    return res.json<T>();
  }

  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
    const save = (answers: Record<string, unknown>) =>
      ok<{ id: string }>({
        method: 'POST',
        url: '/api/assessment/save/',
        payload: { service_type: 'sdlt_refund', answers, current_step: 0 },
      });
    const assessment = (await save({ propertyTypeSDR: 'Residential' })).id;
    const submitted = (await save(sdltAnswers())).id;
    const claim = (
      await ok<{ claim_id: string }>({
        method: 'POST',
        url: '/api/assessment/submit/',
        payload: { assessment_id: submitted },
      })
    ).claim_id;
    const task = (
      await ok<{ id: string }[]>({ method: 'GET', url: `/api/assessment/${submitted}/documents/` })
    )[0]!.id;
    const upload = multipart({ name: 'evidence.pdf', content: pdfBytes() });
    const document = (
      await ok<{ id: string }>({
        method: 'POST',
        url: '/api/documents/',
        headers: upload.headers,
        payload: upload.payload,
      })
    ).id;
    const thread = (
      await ok<{ id: string }>({
        method: 'POST',
        url: '/api/messages/threads/',
        payload: { subject: 'A question', body: 'Hello' },
      })
    ).id;
    ids = { assessment, submitted, claim, task, document, thread };
    const doc = (await t.request({ method: 'GET', url: '/api/docs-json' })).json<{
      paths: Record<string, Record<string, unknown>>;
    }>();
    documented = Object.entries(doc.paths)
      .filter(([path]) => DOMAIN_PATH.test(path))
      .flatMap(([path, operations]) =>
        Object.keys(operations)
          .filter((method) => ['get', 'post', 'put', 'patch', 'delete'].includes(method))
          .map((method) => `${method.toUpperCase()} ${path}`),
      );
  });

  afterAll(async () => {
    for (const spy of spies) spy.mockRestore();
    await t?.close();
  });

  it('lists every such route of the OpenAPI document (a new route must be added here)', () => {
    expect(documented.length).toBeGreaterThan(15);
    // The document names paths without the trailing slash the routes also answer to.
    const listed = Object.keys(CHECKS).map((route) => route.replace(/\/$/, ''));
    expect([...documented].sort()).toEqual(listed.sort());
  });

  it.each(Object.entries(CHECKS))(
    '%s goes through the ownership rule and gives client B nothing of A',
    async (route, check) => {
      const before = ruleCalls();
      switch (check.kind) {
        case 'record': {
          const res = await as('clientB', check.request(ids));
          expect(res.statusCode, res.body).toBe(check.status);
          expect(ruleCalls(), 'the ownership rule was not consulted').toBeGreaterThan(before);
          const own = await as('clientA', check.request(ids));
          expect(own.statusCode, own.body).toBe(check.ownerStatus);
          return;
        }
        case 'list': {
          const res = await as('clientB', check.request());
          expect(res.statusCode, res.body).toBe(200);
          expect(ruleCalls(), 'the ownership rule was not consulted').toBeGreaterThan(before);
          for (const id of Object.values(ids)) expect(res.body).not.toContain(id);
          const own = await as('clientA', check.request());
          for (const id of check.ownerSees(ids)) expect(own.body, route).toContain(id);
          return;
        }
        case 'create': {
          const res = await as('clientB', check.request(ids));
          expect(res.statusCode, res.body).toBe(check.status);
          if (res.statusCode === 201) {
            const created = res.json<{ id: string }>().id;
            expect(ruleCalls()).toBeGreaterThanOrEqual(before);
            // B's new record: A cannot read it, B can.
            expect(
              (await as('clientA', { method: 'GET', url: `/api/assessment/${created}/` })).statusCode,
            ).toBe(404);
            expect(
              (await as('clientB', { method: 'GET', url: `/api/assessment/${created}/` })).statusCode,
            ).toBe(200);
          } else {
            expect(ruleCalls(), 'the ownership rule was not consulted').toBeGreaterThan(before);
          }
          return;
        }
        case 'staff': {
          const res = await as('clientB', check.request(ids));
          expect(res.statusCode, res.body).toBe(403);
          return;
        }
      }
    },
  );
});
