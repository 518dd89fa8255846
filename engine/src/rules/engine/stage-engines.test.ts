// One set of json-rules-engine Engines per loaded definition version, built on first use and
// reused by every later evaluation; `buildEnginesPerCall` (benchmark only) builds fresh ones.
import { describe, expect, it, vi } from 'vitest';

const built = vi.hoisted(() => ({ engines: 0 }));
vi.mock('json-rules-engine', async (importOriginal) => {
  const original = await importOriginal<typeof import('json-rules-engine')>();
  class CountingEngine extends original.Engine {
    constructor(...args: ConstructorParameters<typeof original.Engine>) {
      super(...args);
      built.engines += 1;
    }
  }
  return { ...original, Engine: CountingEngine };
});

const { evaluateAssessment } = await import('../evaluate-assessment');
const { loadDefinition } = await import('../../definitions/load-definition');
const { getStageEngines } = await import('./stage-engines');
const { miniDefinition, miniParameters } = await import('../__fixtures__/mini-definition');

const load = () => loadDefinition(miniDefinition, { parameterSets: [miniParameters] });
const answers = { propertyType: 'Mixed-Use', purchaseDateQ: '2024-09-01', priceQ: 600000 };
const asOf = '2025-06-01';

describe('stage Engines', () => {
  it('are built once per loaded definition version and reused', async () => {
    const definition = load();
    const before = built.engines;
    const first = await evaluateAssessment({ definition, answers, asOf });
    const perVersion = built.engines - before;
    expect(perVersion).toBeGreaterThan(0);
    for (let i = 0; i < 5; i += 1) {
      expect(await evaluateAssessment({ definition, answers, asOf })).toEqual(first);
    }
    expect(built.engines - before).toBe(perVersion);
    expect(getStageEngines(definition)).toBe(getStageEngines(definition));
  });

  it('another loaded version gets its own Engines', () => {
    const a = load();
    const b = load();
    expect(getStageEngines(a)).not.toBe(getStageEngines(b));
  });

  it('buildEnginesPerCall builds fresh Engines on every call, with the same result', async () => {
    const definition = load();
    const reused = await evaluateAssessment({ definition, answers, asOf });
    const before = built.engines;
    const fresh = await evaluateAssessment({ definition, answers, asOf, buildEnginesPerCall: true });
    const once = built.engines - before;
    await evaluateAssessment({ definition, answers, asOf, buildEnginesPerCall: true });
    expect(once).toBeGreaterThan(0);
    expect(built.engines - before).toBe(2 * once);
    expect(fresh).toEqual(reused);
  });
});
