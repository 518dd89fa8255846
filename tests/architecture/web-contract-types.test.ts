// Issue 26 §3: the web app's API contract types come from the generated file
// (web/src/app/api-schema.gen.ts, made from the API's OpenAPI document by api/test/openapi-types.test.ts),
// never from a hand-written copy. This test reads every interface and object type declared in
// web/src and fails on one that copies a schema of the generated file: by name (`Claim` for
// `ClaimResponseDto`, `User` for `UserResponse` …) or by shape (the same field names as a schema).
// The first cases prove the check finds both kinds of copy.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../e2e/harness';

const webSrc = join(repoRoot, 'web', 'src');
const GENERATED = join(webSrc, 'app', 'api-schema.gen.ts');

interface Declared {
  name: string;
  fields: string[];
  where: string;
}

function memberNames(members: ts.NodeArray<ts.TypeElement>): string[] {
  return members
    .filter((m): m is ts.PropertySignature => ts.isPropertySignature(m))
    .map((m) => m.name.getText())
    .sort();
}

/** Every interface and `type X = { … }` of a source file, with its field names. */
function declarationsOf(file: string, text: string): Declared[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: Declared[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isInterfaceDeclaration(node)) {
      found.push({ name: node.name.text, fields: memberNames(node.members), where: file });
    } else if (ts.isTypeAliasDeclaration(node) && ts.isTypeLiteralNode(node.type)) {
      found.push({ name: node.name.text, fields: memberNames(node.type.members), where: file });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The schemas of the generated file (components.schemas), with their field names. */
function schemasOf(text: string): Declared[] {
  const source = ts.createSourceFile(GENERATED, text, ts.ScriptTarget.Latest, true);
  const schemas: Declared[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isInterfaceDeclaration(node) && node.name.text === 'components') {
      const member = node.members.find((m) => m.name?.getText() === 'schemas');
      if (member && ts.isPropertySignature(member) && member.type && ts.isTypeLiteralNode(member.type)) {
        for (const schema of member.type.members) {
          if (!ts.isPropertySignature(schema)) continue;
          const fields =
            schema.type && ts.isTypeLiteralNode(schema.type) ? memberNames(schema.type.members) : [];
          schemas.push({ name: schema.name.getText(), fields, where: GENERATED });
        }
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return schemas;
}

/** A schema's plain name: `ClaimResponseDto` → `Claim`, `UserResponse` → `User`. */
function plain(name: string): string {
  return name.replace(/(ResponseDto|Response|Dto)$/, '');
}

/** The hand-written copies among `declared` of the `schemas`. */
function copies(declared: Declared[], schemas: Declared[]): string[] {
  const byName = new Map(schemas.map((s) => [plain(s.name), s.name]));
  const byShape = new Map(
    schemas.filter((s) => s.fields.length >= 3).map((s) => [s.fields.join(','), s.name]),
  );
  const found: string[] = [];
  for (const d of declared) {
    const named = byName.get(plain(d.name)) ?? (schemas.some((s) => s.name === d.name) ? d.name : undefined);
    const shaped = d.fields.length >= 3 ? byShape.get(d.fields.join(',')) : undefined;
    if (named) found.push(`${d.where}: ${d.name} copies ${named} by name`);
    else if (shaped) found.push(`${d.where}: ${d.name} copies ${shaped} by shape`);
  }
  return found;
}

function webFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return webFiles(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.gen.ts') ? [path] : [];
  });
}

describe('web contract types', () => {
  const schemas = schemasOf(readFileSync(GENERATED, 'utf8'));

  it('reads the schemas of the generated file', () => {
    expect(schemas.find((s) => s.name === 'ClaimResponseDto')?.fields).toContain('reference');
    expect(schemas.length).toBeGreaterThan(30);
  });

  it('the check finds a copy by name and a copy by shape', () => {
    const claim = schemas.find((s) => s.name === 'ClaimResponseDto')!;
    const declared = declarationsOf(
      'sample.ts',
      `export interface Claim { id: string }\n` +
        `export type Renamed = { ${claim.fields.map((f) => `${f}: unknown;`).join(' ')} };\n` +
        `export interface LocalThing { a: string; b: string; c: string }\n`,
    );
    expect(copies(declared, schemas)).toEqual([
      'sample.ts: Claim copies ClaimResponseDto by name',
      'sample.ts: Renamed copies ClaimResponseDto by shape',
    ]);
  });

  it('web/src declares no hand-written copy of a contract type', () => {
    const declared = webFiles(webSrc).flatMap((file) =>
      declarationsOf(relative(repoRoot, file), readFileSync(file, 'utf8')),
    );
    expect(declared.length).toBeGreaterThan(20);
    expect(copies(declared, schemas)).toEqual([]);
  });
});
