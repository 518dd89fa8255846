// Issue 30 §2: every deadline the workbench reads is a date input of some version of its definition.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(__dirname, '..');
const file = JSON.parse(readFileSync(join(root, 'workbench', 'claim-deadlines.json'), 'utf8')) as {
  deadlines: Record<string, { fact: string; label: string }[]>;
};

describe('workbench/claim-deadlines.json', () => {
  it.each(Object.entries(file.deadlines))('%s names date inputs its definition works out', (id, specs) => {
    const dir = join(root, 'assessments', id);
    const inputs = new Map<string, string>();
    for (const name of readdirSync(dir).filter((f) => /^v\d+\.json$/.test(f))) {
      const json = JSON.parse(readFileSync(join(dir, name), 'utf8')) as {
        inputs?: { name: string; kind?: string }[];
      };
      for (const input of json.inputs ?? []) inputs.set(input.name, input.kind ?? '');
    }
    expect(specs.length).toBeGreaterThan(0);
    for (const spec of specs) {
      expect(spec.label.trim(), spec.fact).not.toBe('');
      expect(['addMonths', 'addDays', 'latestDate', 'earliestDate'], `${id}.${spec.fact}`).toContain(
        inputs.get(spec.fact),
      );
    }
  });
});
