// The value bands of the studio's impact summary (workbench/impact-value-bands.json): the API counts
// each stored assessment's value in the last band whose "from" it reaches, so the bands must rise.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
const root = join(__dirname, '..');

const file = JSON.parse(readFileSync(join(root, 'workbench', 'impact-value-bands.json'), 'utf8')) as {
  bands: { label: string; from?: number }[];
};

describe('workbench/impact-value-bands.json', () => {
  it('starts with the band of no value, then rising lower bounds, each with its own label', () => {
    const [first, ...rest] = file.bands;
    expect(first).toEqual({ label: 'No value' });
    expect(rest.length).toBeGreaterThan(0);
    const froms = rest.map((b) => b.from);
    for (const from of froms) expect(typeof from === 'number' && from > 0).toBe(true);
    expect([...froms].sort((a, b) => a! - b!)).toEqual(froms);
    expect(new Set(file.bands.map((b) => b.label)).size).toBe(file.bands.length);
  });
});
