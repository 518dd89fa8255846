// The web's forms check the same limits as this API's request DTOs (required, length, e-mail,
// pattern, numeric range, allowed values) before sending. Those limits are read here from the
// class-validator metadata of every DTO class and checked in at web/src/app/api-constraints.gen.ts;
// this test regenerates the file and fails when the checked-in copy differs, so a limit changed
// in a DTO cannot silently differ in the web (docs/decisions.md §34).
// To regenerate after changing a DTO: UPDATE_API_CONSTRAINTS=1 npx vitest run test/form-constraints.test.ts (in api/).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { getMetadataStorage, ValidationTypes } from 'class-validator';
import type { ValidationMetadata } from 'class-validator/types/metadata/ValidationMetadata';
import { format, resolveConfig } from 'prettier';
import { describe, expect, it } from 'vitest';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '../src/modules/auth/password-policy';

const MODULES = join(__dirname, '..', 'src', 'modules');
const TARGET = join(__dirname, '..', '..', 'web', 'src', 'app', 'api-constraints.gen.ts');
const HEADER = [
  "// Generated from the API's request DTOs (class-validator metadata). Do not edit by hand:",
  '// api/test/form-constraints.test.ts regenerates it (UPDATE_API_CONSTRAINTS=1) and fails when it drifts.',
  '',
].join('\n');

/** What the web needs of one DTO property. `required`: an absent or empty value is refused. */
interface FieldConstraints {
  required?: true;
  optional?: true;
  minLength?: number;
  maxLength?: number;
  email?: true;
  url?: true;
  pattern?: string;
  integer?: true;
  min?: number;
  max?: number;
  oneOf?: (string | number)[];
}

const CONDITIONAL: string = ValidationTypes.CONDITIONAL_VALIDATION;

function isDtoFile(path: string): boolean {
  return /(^|\/)(dto\.ts|[\w-]+\.dto\.ts|dto\/[\w-]+\.ts)$/.test(path) && !path.endsWith('.test.ts');
}

function constraintsOf(metadatas: ValidationMetadata[]): FieldConstraints {
  const out: FieldConstraints = {};
  let notEmpty = false;
  for (const m of metadatas) {
    const [first, second] = (m.constraints ?? []) as unknown[];
    if (m.type === CONDITIONAL) out.optional = true;
    else if (m.name === 'isNotEmpty' || m.name === 'arrayNotEmpty' || m.name === 'isRequired')
      notEmpty = true;
    else if (m.name === 'isEmail') {
      out.email = true;
      notEmpty = true;
    } else if (m.name === 'isLength') {
      if (typeof first === 'number' && first > 0) out.minLength = first;
      if (typeof second === 'number') out.maxLength = second;
    } else if (m.name === 'minLength' && typeof first === 'number') out.minLength = first;
    else if (m.name === 'maxLength' && typeof first === 'number') out.maxLength = first;
    else if (m.name === 'isUrl') {
      out.url = true;
      notEmpty = true;
    } else if (m.name === 'matches' && first instanceof RegExp) out.pattern = first.source;
    else if (m.name === 'isInt') out.integer = true;
    else if (m.name === 'min' && typeof first === 'number') out.min = first;
    else if (m.name === 'max' && typeof first === 'number') out.max = first;
    else if (m.name === 'isIn' && Array.isArray(first)) out.oneOf = first as (string | number)[];
    else if (m.name === 'isEnum' && first && typeof first === 'object')
      out.oneOf = [...new Set(Object.values(first as Record<string, string | number>))];
  }
  // A pattern the empty string does not match (e.g. /\S/) also makes the field required.
  if (out.pattern !== undefined && !new RegExp(out.pattern).test('')) notEmpty = true;
  if ((notEmpty || (out.minLength ?? 0) > 0) && !out.optional) out.required = true;
  // Fixed key order, so the file does not change with the order decorators are written in.
  const keys: (keyof FieldConstraints)[] = [
    'required',
    'optional',
    'minLength',
    'maxLength',
    'email',
    'url',
    'pattern',
    'integer',
    'min',
    'max',
    'oneOf',
  ];
  return Object.fromEntries(keys.filter((k) => out[k] !== undefined).map((k) => [k, out[k]]));
}

async function collect(): Promise<Record<string, Record<string, FieldConstraints>>> {
  const files = readdirSync(MODULES, { recursive: true, encoding: 'utf8' })
    .map((f) => f.split('\\').join('/'))
    .filter(isDtoFile)
    .sort();
  const storage = getMetadataStorage();
  const result: Record<string, Record<string, FieldConstraints>> = {};
  for (const file of files) {
    const exported = (await import(join(MODULES, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(exported)) {
      if (typeof value !== 'function') continue;
      const metadatas = storage.getTargetValidationMetadatas(value, '', true, false);
      const byProperty = new Map<string, ValidationMetadata[]>();
      for (const m of metadatas)
        byProperty.set(m.propertyName, [...(byProperty.get(m.propertyName) ?? []), m]);
      const fields: Record<string, FieldConstraints> = {};
      for (const property of [...byProperty.keys()].sort()) {
        const c = constraintsOf(byProperty.get(property) ?? []);
        if (Object.keys(c).some((k) => k !== 'optional')) fields[property] = c;
      }
      if (Object.keys(fields).length > 0) {
        if (result[name]) throw new Error(`Two DTO classes are named ${name}`);
        result[name] = fields;
      }
    }
  }
  return Object.fromEntries(
    Object.keys(result)
      .sort()
      .map((k) => [k, result[k]!]),
  );
}

async function generate(): Promise<string> {
  const constraints = await collect();
  const source = [
    HEADER,
    '/** What the web needs of one request-DTO property. `required`: an absent or empty value is refused. */',
    'export interface FieldConstraints {',
    '  readonly required?: true;',
    '  readonly optional?: true;',
    '  readonly minLength?: number;',
    '  readonly maxLength?: number;',
    '  readonly email?: true;',
    '  /** An http(s) address with its protocol. */',
    '  readonly url?: true;',
    '  /** A RegExp source the whole value must match. */',
    '  readonly pattern?: string;',
    '  readonly integer?: true;',
    '  readonly min?: number;',
    '  readonly max?: number;',
    '  readonly oneOf?: readonly (string | number)[];',
    '}',
    '',
    '/** The password policy the API applies in its service (api/src/modules/auth/password-policy.ts). */',
    `export const PASSWORD_POLICY = ${JSON.stringify({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH })} as const;`,
    '',
    '/** Request DTO class name → property → its limits. */',
    `export const API_CONSTRAINTS = ${JSON.stringify(constraints)} as const satisfies Record<string, Record<string, FieldConstraints>>;`,
    '',
  ].join('\n');
  const options = (await resolveConfig(TARGET)) ?? {};
  return format(source, { ...options, filepath: TARGET });
}

describe('generated web form constraints', () => {
  it("match the API's request DTOs", async () => {
    const generated = await generate();
    if (process.env.UPDATE_API_CONSTRAINTS === '1') writeFileSync(TARGET, generated);
    const checkedIn = readFileSync(TARGET, 'utf8');
    expect(
      checkedIn,
      "web/src/app/api-constraints.gen.ts is stale: regenerate it (see this file's header)",
    ).toBe(generated);
  });

  it('hold the limits the sign-up and contact forms rely on', async () => {
    const constraints = await collect();
    expect(constraints.RegisterDto).toMatchObject({
      email: { required: true, email: true, maxLength: 254 },
      password: { maxLength: PASSWORD_MAX_LENGTH },
      display_name: { optional: true, maxLength: 150 },
    });
    expect(constraints.CreateContactMessageDto?.message).toEqual({ required: true, maxLength: 5000 });
    expect(constraints.SubmitDraftDto).toEqual({
      release_note: { required: true, maxLength: 2000, pattern: '\\S' },
      source_url: { required: true, maxLength: 2000, url: true },
    });
  });
});
