// The command line scripts, run as a user runs them (tsx on the sources, no build).
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../..', import.meta.url));
const tsx = join(root, 'node_modules', '.bin', 'tsx');

function run(
  script: string,
  args: string[],
  input?: string,
): { status: number | null; stdout: string; stderr: string } {
  const res = spawnSync(tsx, [join(root, 'scripts', script), ...args], {
    cwd: root,
    input: input ?? '',
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { status: res.status, stdout: res.stdout, stderr: res.stderr };
}

// each case spawns a process: allow for a busy machine
describe('npm run evaluate', { timeout: 120_000 }, () => {
  it('prints only the evaluation JSON on stdout', () => {
    const answers = JSON.stringify({
      propertyTypeSDR: 'Mixed-Use',
      purchaseDateSDR: '2025-03-01',
      purchasePriceSDR: 600000,
    });
    const res = run('evaluate.ts', ['--service', 'sdlt_refund', '--as-of', '2025-06-01', '-'], answers);
    expect(res.status).toBe(0);
    const evaluation = JSON.parse(res.stdout) as {
      definition: { id: string };
      asOf: string;
      eligibility: { likelihood: string };
      recommendation: { timestamp: string };
    };
    expect(evaluation.definition.id).toBe('sdlt_refund');
    expect(evaluation.asOf).toBe('2025-06-01');
    expect(evaluation.recommendation.timestamp).toBe('2025-06-01T00:00:00.000Z');
    expect(['Likely', 'Possible', 'Unlikely']).toContain(evaluation.eligibility.likelihood);
  });

  it('uses the version in force on --as-of; a --draft answers only from its own effectiveFrom', () => {
    const answers = JSON.stringify({
      propertyTypeSDR: 'Mixed-Use',
      purchaseDateSDR: '2025-03-01',
      purchasePriceSDR: 600000,
    });
    const versionOn = (asOf: string, extra: string[] = []) => {
      const res = run('evaluate.ts', ['--service', 'sdlt_refund', '--as-of', asOf, ...extra, '-'], answers);
      expect(res.status, res.stderr).toBe(0);
      return (JSON.parse(res.stdout) as { definition: { version: number } }).definition.version;
    };
    expect(versionOn('2025-06-01')).toBe(1);
    expect(versionOn('2026-11-23')).toBe(2);
    const dir = mkdtempSync(join(tmpdir(), 'evaluate-draft-'));
    try {
      const v2 = JSON.parse(
        readFileSync(join(root, 'definitions', 'assessments', 'sdlt_refund', 'v2.json'), 'utf8'),
      ) as Record<string, unknown>;
      const file = join(dir, 'draft.json');
      // a draft numbered after every version on disk: before its date the version in force answers
      const inForce = versionOn('2030-12-31');
      writeFileSync(
        file,
        JSON.stringify({ ...v2, version: inForce + 1, status: 'draft', effectiveFrom: '2031-01-01' }),
      );
      expect(versionOn('2030-12-31', ['--draft', file])).toBe(inForce);
      expect(versionOn('2031-01-01', ['--draft', file])).toBe(inForce + 1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('cgt_reclaim and cgt_assessment both mean CGT; other codes get the generic fallback', () => {
    const a = run('evaluate.ts', ['--service', 'cgt_reclaim', '--as-of', '2025-01-01', '-'], '{}');
    const b = run('evaluate.ts', ['--service', 'cgt_assessment', '--as-of', '2025-01-01', '-'], '{}');
    expect(a.status).toBe(0);
    expect((JSON.parse(a.stdout) as { definition: { id: string } }).definition.id).toBe('cgt_assessment');
    expect(b.stdout).toBe(a.stdout);
    const c = run('evaluate.ts', ['--service', 'vat_reclaim', '--as-of', '2025-01-01', '-'], '{}');
    expect(c.status).toBe(0);
    const generic = JSON.parse(c.stdout) as {
      definition: { id: string };
      eligibility: { serviceType: string; likelihood: string; score: number };
    };
    expect(generic.definition.id).toBe('generic');
    expect(generic.eligibility).toMatchObject({
      serviceType: 'vat_reclaim',
      likelihood: 'Possible',
      score: 50,
    });
  });

  it('takes share trades on their own (shareTradesCGT) and prints the matching and the gains by tax year', () => {
    // HMRC HS284 Example 3: 329 + 300 = 629 in 2018-19
    const trades = {
      shareTradesCGT: [
        { date: '2014-04-01', action: 'BUY', asset: 'Lobster', quantity: 1000, price: 4, fees: 150 },
        { date: '2017-09-01', action: 'BUY', asset: 'Lobster', quantity: 500, price: 4.1, fees: 80 },
        { date: '2018-05-01', action: 'SELL', asset: 'Lobster', quantity: 700, price: 4.8, fees: 100 },
        { date: '2019-02-01', action: 'SELL', asset: 'Lobster', quantity: 400, price: 5.2, fees: 105 },
      ],
    };
    const res = run(
      'evaluate.ts',
      ['--service', 'cgt_assessment', '--as-of', '2026-11-29', '-'],
      JSON.stringify(trades),
    );
    expect(res.status, res.stderr).toBe(0);
    const evaluation = JSON.parse(res.stdout) as {
      definition: { version: number };
      resultFields: { share_gains_by_tax_year: unknown; share_disposals: { legs: { rule: string }[] }[] };
    };
    expect(evaluation.definition.version).toBeGreaterThanOrEqual(3);
    expect(evaluation.resultFields.share_gains_by_tax_year).toEqual({ '2018-19': 629 });
    expect(evaluation.resultFields.share_disposals.map((d) => d.legs[0]?.rule)).toEqual([
      'section-104',
      'section-104',
    ]);

    const bad = run(
      'evaluate.ts',
      ['--service', 'cgt_assessment', '--as-of', '2026-11-29', '-'],
      JSON.stringify({ shareTradesCGT: [{ ...trades.shareTradesCGT[0], quantity: -1 }] }),
    );
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain(
      'Invalid answer "shareTradesCGT": Row 1, Quantity: Enter a number of 0 or more',
    );
  });

  it('rejects bad input with a non-zero exit and a message naming the field', () => {
    const cases: [string[], string, string][] = [
      [['--service', 'sdlt_refund', '-'], '{"noSuchQuestion": 1}', 'noSuchQuestion'],
      [['--service', 'sdlt_refund', '-'], '{"purchasePriceSDR": "lots"}', 'purchasePriceSDR'],
      [['--service', 'sdlt_refund', '-'], '{"purchasePriceSDR": -1}', 'purchasePriceSDR'],
      [['--service', 'sdlt_refund', '-'], '{"propertyTypeSDR": "Castle"}', 'propertyTypeSDR'],
      [['--service', 'sdlt_refund', '-'], '{"purchaseDateSDR": "2023-02-29"}', 'purchaseDateSDR'],
      [['--service', 'sdlt_refund', '--inputs', '-'], '{"purchaseValue": "lots"}', 'purchaseValue'],
      [['--service', 'sdlt_refund', '--as-of', '2025-13-01', '-'], '{}', '--as-of'],
      [['--service', 'sdlt_refund', '-'], 'not json', 'not valid JSON'],
    ];
    for (const [args, input, named] of cases) {
      const res = run('evaluate.ts', args, input);
      expect(res.status, `${args.join(' ')} ${input}`).not.toBe(0);
      expect(res.stdout).toBe('');
      expect(res.stderr).toContain(named);
    }
  });
});

describe('npm run definitions:test and definitions:validate', { timeout: 120_000 }, () => {
  function tempDefinitions(mutate: (definition: Record<string, unknown>) => void): string {
    const dir = mkdtempSync(join(tmpdir(), 'reclaim-defs-'));
    const fixtures = join(root, 'definitions', 'fixtures');
    const definition = JSON.parse(
      readFileSync(join(fixtures, 'valid', 'mini_refund.json'), 'utf8'),
    ) as Record<string, unknown>;
    mutate(definition);
    mkdirSync(join(dir, 'assessments', 'mini_refund'), { recursive: true });
    mkdirSync(join(dir, 'parameters'));
    writeFileSync(join(dir, 'assessments', 'mini_refund', 'v1.json'), JSON.stringify(definition));
    writeFileSync(
      join(dir, 'parameters', 'fixture.json'),
      readFileSync(join(fixtures, 'parameters', 'fixture.json')),
    );
    return dir;
  }

  it('prints each test and ends with "<n> passed, <m> failed", exiting non-zero on a failure', () => {
    const dir = tempDefinitions((d) => {
      const tests = d.tests as { name: string; expect: Record<string, unknown> }[];
      tests.push({ ...tests[0]!, name: 'Wrong on purpose', expect: { 'eligibility.score': 1 } });
    });
    try {
      const res = run('definitions-test.ts', ['--root', dir]);
      const lines = res.stdout.trim().split('\n');
      expect(lines.at(-1)).toBe('1 passed, 1 failed');
      expect(res.stdout).toContain('✗ Wrong on purpose');
      expect(res.stdout).toContain('eligibility.score: expected 1, got 90');
      expect(res.status).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("runs a parameter set's own tests against its definition", () => {
    const dir = tempDefinitions(() => undefined);
    const file = join(dir, 'parameters', 'fixture.json');
    const set = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    const definition = JSON.parse(
      readFileSync(join(root, 'definitions', 'fixtures', 'valid', 'mini_refund.json'), 'utf8'),
    ) as { tests: { answers?: object; inputs?: object; asOf: string; expect: object }[] };
    const first = definition.tests[0]!;
    set.tests = [
      { ...first, name: 'Kept with the values', definition: 'mini_refund' },
      { ...first, name: 'Names no definition', definition: 'nothing_here' },
    ];
    writeFileSync(file, JSON.stringify(set));
    try {
      const res = run('definitions-test.ts', ['--root', dir]);
      expect(res.stdout).toContain('parameters fixture');
      expect(res.stdout).toContain('✓ Kept with the values');
      expect(res.stdout).toContain(`✗ Names no definition (no published nothing_here on ${first.asOf})`);
      expect(res.stdout.trim().split('\n').at(-1)).toMatch(/^\d+ passed, 1 failed$/);
      expect(res.status).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('passes on the real definitions', () => {
    const res = run('definitions-test.ts', []);
    expect(res.stdout.trim().split('\n').at(-1)).toMatch(/^\d+ passed, 0 failed$/);
    expect(res.status).toBe(0);
  });

  it('validate lists the path of each problem and exits non-zero', () => {
    const dir = tempDefinitions((d) => {
      d.effectiveFrom = '2024/01/01';
    });
    try {
      const res = run('definitions-validate.ts', ['--root', dir]);
      expect(res.stdout).toContain('/effectiveFrom: must match pattern');
      expect(res.stdout.trim().split('\n').at(-1)).toBe('1 valid, 1 invalid');
      expect(res.status).toBe(1);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
