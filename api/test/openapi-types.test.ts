// The web app's API types are generated from the OpenAPI document this API serves
// (openapi-typescript) and checked in at web/src/app/api-schema.gen.ts. This test regenerates
// them and fails when the checked-in file differs, so the contract cannot drift by hand.
// To regenerate after changing a DTO or a response class: UPDATE_API_TYPES=1 npx vitest run test/openapi-types.test.ts (in api/).
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers/app';

const TARGET = join(__dirname, '..', '..', 'web', 'src', 'app', 'api-schema.gen.ts');
const HEADER = [
  "// Generated from the API's OpenAPI document by openapi-typescript. Do not edit by hand:",
  '// api/test/openapi-types.test.ts regenerates it (UPDATE_API_TYPES=1) and fails when it drifts.',
  '',
].join('\n');

async function generate(document: Record<string, unknown>): Promise<string> {
  // The version in info changes with every release and is not part of the contract.
  const stable = { ...document, info: { ...(document.info as object), version: '0' } };
  const ast = await openapiTS(stable as Parameters<typeof openapiTS>[0], { alphabetize: true });
  const source = HEADER + astToString(ast);
  const options = (await resolveConfig(TARGET)) ?? {};
  return format(source, { ...options, filepath: TARGET });
}

describe('generated web API types', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('match the OpenAPI document the API serves', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs-json' });
    expect(res.statusCode).toBe(200);
    const generated = await generate(res.json());
    if (process.env.UPDATE_API_TYPES === '1') writeFileSync(TARGET, generated);
    const checkedIn = readFileSync(TARGET, 'utf8');
    expect(checkedIn, "web/src/app/api-schema.gen.ts is stale: regenerate it (see this file's header)").toBe(
      generated,
    );
  });

  it('describe the assessment answer the web reads, field by field', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs-json' });
    const schemas = res.json<{ components: { schemas: Record<string, { required?: string[] }> } }>()
      .components.schemas;
    expect(schemas.AssessmentResponseDto?.required).toEqual(
      expect.arrayContaining(['id', 'service_type', 'answers', 'status', 'version', 'results']),
    );
  });

  // Issue 26 §3: every route of every controller declares what it answers. Without a declaration
  // @nestjs/swagger writes a bare `{ "200": { "description": "" } }`, so a 16th controller (or a
  // new route) that skips it fails here, naming the route.
  it('declare a response for every route of every controller', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs-json' });
    type Responses = Record<string, { description?: string; content?: unknown }>;
    const paths = res.json<{ paths: Record<string, Record<string, { responses?: Responses }>> }>().paths;
    const undeclared: string[] = [];
    let routes = 0;
    for (const [path, operations] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        routes += 1;
        const success = Object.entries(operation.responses ?? {}).filter(([status]) =>
          /^2\d\d$/.test(status),
        );
        const declared = success.some(([, r]) => r.content !== undefined || (r.description ?? '') !== '');
        if (!declared) undeclared.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(routes).toBeGreaterThan(50);
    expect(undeclared, 'routes without a declared response (ApiOkResponse …)').toEqual([]);
  });
});
