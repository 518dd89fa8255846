// engine/src/types.ts (what the engine, API and web compile against) and
// assessment-definition.schema.json (what Ajv checks) must describe the same definition shape.
// Both are walked into the same flat description — every property path (`a.b[].c`, records as
// `{}`), whether it is required somewhere, and the values of every enumeration — and compared.
// Unions and the schema's if/then/else, allOf, anyOf and oneOf branches merge at one path. The
// recursive condition and expression grammars are compared once each (`#condition`,
// `#expression`); where a definition uses them the path just names the grammar.
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import schema from './assessment-definition.schema.json';

interface Shape {
  /** path → required in at least one alternative */
  props: Map<string, boolean>;
  enums: Map<string, Set<string>>;
}

const newShape = (): Shape => ({ props: new Map(), enums: new Map() });

function addProp(shape: Shape, path: string, required: boolean): void {
  shape.props.set(path, (shape.props.get(path) ?? false) || required);
}
function addEnum(shape: Shape, path: string, values: Iterable<string>): void {
  const set = shape.enums.get(path) ?? new Set<string>();
  for (const v of values) set.add(v);
  shape.enums.set(path, set);
}
function segments(path: string): string[] {
  return path
    .split('.')
    .map((s) => s.replace(/(\[\]|\{\})+$/, ''))
    .filter(Boolean);
}
const enters = (path: string, name: string): boolean => !segments(path).includes(name);

/** TypeScript names and schema $defs of the recursive grammars (input specs: `mapItems` fields). */
const GRAMMAR_TYPES: Record<string, string> = {
  Condition: 'condition',
  FactCondition: 'condition',
  AllCondition: 'condition',
  AnyCondition: 'condition',
  NotCondition: 'condition',
  Expression: 'expression',
  InputSpec: 'inputSpec',
};
const GRAMMAR_DEFS: Record<string, string> = {
  condition: 'condition',
  topCondition: 'condition',
  factCondition: 'condition',
  allCondition: 'condition',
  anyCondition: 'condition',
  notCondition: 'condition',
  expression: 'expression',
  expressionObject: 'expression',
  opExpression: 'expression',
  inputSpec: 'inputSpec',
};

// ---------------------------------------------------------------- TypeScript side
function typesShape(): Shape {
  const file = fileURLToPath(new URL('../types.ts', import.meta.url));
  const program = ts.createProgram([file], { strict: true, target: ts.ScriptTarget.ES2022, noEmit: true });
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(file);
  if (!source) throw new Error('types.ts not found');
  const declared = (name: string): ts.Type => {
    const decl = source.statements.find(
      (s): s is ts.InterfaceDeclaration | ts.TypeAliasDeclaration =>
        (ts.isInterfaceDeclaration(s) || ts.isTypeAliasDeclaration(s)) && s.name.text === name,
    );
    if (!decl) throw new Error(`${name} not found in types.ts`);
    return checker.getTypeAtLocation(decl.name);
  };
  const shape = newShape();
  const grammarOf = (type: ts.Type): string | undefined =>
    GRAMMAR_TYPES[type.aliasSymbol?.getName() ?? ''] ?? GRAMMAR_TYPES[type.getSymbol()?.getName() ?? ''];

  const walk = (type: ts.Type, path: string): void => {
    const grammar = grammarOf(type);
    if (grammar && path !== `#${grammar}`) {
      addEnum(shape, path, [`<${grammar}>`]);
      return;
    }
    if (type.isUnion()) {
      // an optional grammar property (`surcharge?: Expression`) is `Expression | undefined`
      const defined = checker.getNonNullableType(type);
      if (defined !== type && grammarOf(defined)) {
        walk(defined, path);
        return;
      }
      const members = type.types.filter((t) => !(t.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Null)));
      const literals = members.filter((t): t is ts.StringLiteralType => t.isStringLiteral());
      if (literals.length > 0)
        addEnum(
          shape,
          path,
          literals.map((t) => t.value),
        );
      for (const m of members) if (!m.isStringLiteral()) walk(m, path);
      return;
    }
    if (type.isStringLiteral()) {
      addEnum(shape, path, [type.value]);
      return;
    }
    if (checker.isArrayType(type) || checker.isTupleType(type)) {
      for (const t of checker.getTypeArguments(type as ts.TypeReference)) walk(t, `${path}[]`);
      return;
    }
    if (!(type.flags & (ts.TypeFlags.Object | ts.TypeFlags.Intersection))) return;
    const index = checker.getIndexInfoOfType(type, ts.IndexKind.String);
    if (index) walk(index.type, `${path}{}`);
    for (const prop of checker.getPropertiesOfType(type)) {
      const name = prop.getName();
      const p = `${path}.${name}`;
      addProp(shape, p, !(prop.flags & ts.SymbolFlags.Optional));
      if (enters(path, name)) walk(checker.getTypeOfSymbol(prop), p);
    }
  };
  walk(declared('AssessmentDefinition'), '');
  walk(declared('Condition'), '#condition');
  walk(declared('Expression'), '#expression');
  walk(declared('InputSpec'), '#inputSpec');
  return shape;
}

// ---------------------------------------------------------------- JSON Schema side
type Node = Record<string, unknown>;
const defs = (schema as { $defs: Record<string, Node> }).$defs;

function schemaShape(): Shape {
  const shape = newShape();
  const walk = (node: unknown, path: string, refs: readonly string[]): void => {
    if (node === null || typeof node !== 'object') return;
    const n = node as Node;
    if (typeof n.$ref === 'string') {
      const name = n.$ref.replace('#/$defs/', '');
      const grammar = GRAMMAR_DEFS[name];
      if (grammar && path !== `#${grammar}`) {
        addEnum(shape, path, [`<${grammar}>`]);
        return;
      }
      if (refs.includes(n.$ref)) return;
      walk(defs[name], path, [...refs, n.$ref]);
    }
    if (Array.isArray(n.enum))
      addEnum(
        shape,
        path,
        n.enum.filter((v): v is string => typeof v === 'string'),
      );
    if (typeof n.const === 'string') addEnum(shape, path, [n.const]);
    const required = new Set(Array.isArray(n.required) ? (n.required as string[]) : []);
    if (n.properties && typeof n.properties === 'object') {
      for (const [name, sub] of Object.entries(n.properties as Node)) {
        const p = `${path}.${name}`;
        addProp(shape, p, required.has(name));
        if (enters(path, name)) walk(sub, p, refs);
      }
    }
    if (n.items) walk(n.items, `${path}[]`, refs);
    if (n.additionalProperties && typeof n.additionalProperties === 'object')
      walk(n.additionalProperties, `${path}{}`, refs);
    // required-only branches (`if: {required: [fixed]}` then …, else {required: [factors, …]}):
    // each names the properties one alternative requires
    const ifRequired = (n.if as Node | undefined)?.required;
    const branchRequired = [
      ...(n.then && Array.isArray(ifRequired) ? [ifRequired as string[]] : []),
      ...['then', 'else'].flatMap((key) => {
        const branch = n[key] as Node | undefined;
        return branch && !branch.properties && Array.isArray(branch.required)
          ? [branch.required as string[]]
          : [];
      }),
    ];
    for (const names of branchRequired)
      for (const name of names)
        if (shape.props.has(`${path}.${name}`)) addProp(shape, `${path}.${name}`, true);
    for (const key of ['then', 'else']) walk(n[key], path, refs);
    for (const key of ['allOf', 'anyOf', 'oneOf'])
      if (Array.isArray(n[key])) for (const sub of n[key] as unknown[]) walk(sub, path, refs);
  };
  walk(schema, '', []);
  walk(defs.condition, '#condition', []);
  walk(defs.expression, '#expression', []);
  walk(defs.inputSpec, '#inputSpec', []);
  return shape;
}

// Written differently, meaning the same: types.ts splits `{ fact }` and `{ fact, default }` (so
// the evaluator can test `'default' in expr`); the schema has one object with `default` optional.
const SAME_MEANING: Record<string, string> = { '#expression.default': '#expression.default?' };

function describeShape(shape: Shape) {
  return {
    props: [...shape.props]
      .map(([p, r]) => `${p}${r ? '' : '?'}`)
      .map((p) => SAME_MEANING[p] ?? p)
      .sort(),
    enums: Object.fromEntries(
      [...shape.enums].map(([p, v]): [string, string[]] => [p, [...v].sort()]).sort(),
    ),
  };
}

describe('types.ts and assessment-definition.schema.json agree', () => {
  const fromTypes = describeShape(typesShape());
  const fromSchema = describeShape(schemaShape());

  it('the walk sees the whole definition (sanity)', () => {
    expect(fromTypes.props.length).toBeGreaterThan(150);
    expect(fromTypes.props).toContain('.resultFields{}.place?');
    expect(fromSchema.props).toContain('.resultFields{}.place?');
  });

  it('the same properties, each required or optional alike', () => {
    const missingInSchema = fromTypes.props.filter((p) => !fromSchema.props.includes(p));
    const missingInTypes = fromSchema.props.filter((p) => !fromTypes.props.includes(p));
    expect({ missingInSchema, missingInTypes }).toEqual({ missingInSchema: [], missingInTypes: [] });
  });

  it('the same enumeration values', () => {
    expect(fromSchema.enums).toEqual(fromTypes.enums);
  });
});
