import { describe, expect, it } from 'vitest';
import { groupDefinitions, type DefinitionSummary } from './types';

const v = (version: number, status: string, effectiveFrom: string): DefinitionSummary => ({
  id: 'sdlt_refund',
  serviceType: 'sdlt_refund',
  version,
  status,
  title: 'SDLT Refund',
  effectiveFrom,
});

describe('groupDefinitions', () => {
  it('names the version in force today and lists the scheduled ones apart (issue 9)', () => {
    const [group] = groupDefinitions(
      [
        v(1, 'published', '2024-01-01'),
        v(2, 'published', '2026-11-23'),
        v(3, 'published', '2027-01-01'),
        v(4, 'draft', '2026-11-23'),
      ],
      '2026-11-26',
    );
    expect(group?.published?.version).toBe(2);
    expect(group?.scheduled.map((s) => s.version)).toEqual([3]);
    expect(group?.draft?.version).toBe(4);
    // On the day, the scheduled version is the one in force.
    const [later] = groupDefinitions(
      [v(2, 'published', '2026-11-23'), v(3, 'published', '2027-01-01')],
      '2027-01-01',
    );
    expect(later?.published?.version).toBe(3);
    expect(later?.scheduled).toEqual([]);
    // Before any is in force, the oldest answers (as the engine's versionInForce).
    const [early] = groupDefinitions(
      [v(1, 'published', '2026-12-01'), v(2, 'published', '2027-01-01')],
      '2026-11-01',
    );
    expect(early?.published?.version).toBe(1);
    expect(early?.scheduled.map((s) => s.version)).toEqual([2]);
  });
});
