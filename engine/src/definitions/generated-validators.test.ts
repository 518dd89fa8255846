// The standalone validators are what the browser runs under a CSP without unsafe-eval: they must
// exist for every schema, import nothing, and never compile code at run time.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as validators from '../generated/validators';
import { validatorName } from '../../scripts/generate-validators';

const src = join(import.meta.dirname, '..');
const code = readFileSync(join(src, 'generated', 'validators.js'), 'utf8');

describe('generated standalone validators', () => {
  it('export one validator per schema, named after the file', () => {
    const schemas = readdirSync(join(src, 'schemas')).filter((f) => f.endsWith('.schema.json'));
    expect(schemas.map(validatorName).sort()).toEqual(Object.keys(validators).sort());
    expect(validatorName('site-config.schema.json')).toBe('validateSiteConfig');
    expect(validatorName('assessment-definition.schema.json')).toBe('validateAssessmentDefinition');
  });

  it('import nothing and compile nothing at run time', () => {
    expect(code).not.toMatch(/\brequire\(|^\s*import\s/m);
    expect(code).not.toMatch(/new Function|\beval\(/);
  });

  it('report every error with its instance path', () => {
    const ok = validators.validateParameterSet({
      id: 'x',
      title: 1,
      sources: {},
      parameters: { a: { description: 'a', unit: 'GBP', values: [] } },
    });
    expect(ok).toBe(false);
    expect(validators.validateParameterSet.errors?.map((e) => e.instancePath).sort()).toEqual([
      '/parameters/a/values',
      '/title',
    ]);
  });
});
