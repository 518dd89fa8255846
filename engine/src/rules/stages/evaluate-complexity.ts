// Stage 7: complexity. Flags raise their weight (tiers: the highest tier that holds).
import type { TraceRule } from '../../types';
import { roundHalfAwayFromZero } from '../format';
import type { ComplexityPartial, FactSink, StageOutput, StageView } from './state';

export async function runComplexity(view: StageView, out: FactSink): Promise<StageOutput<ComplexityPartial>> {
  const section = view.definition.complexity;
  const { facts: factsIn, explain } = view;
  const trace: TraceRule[] = [];
  let partial: ComplexityPartial;
  if ('fixed' in section) {
    partial = {
      complexityScore: section.fixed.complexityScore,
      complexityLevel: section.fixed.complexityLevel,
      flags: [],
    };
    out.give('flagCount', 0);
  } else {
    const { rules, map } = view.engines.complexity;
    const outcomes = await rules.run(factsIn);
    // per flag: the weight given (highest tier that holds) and the rule index that gave it
    const given = new Map<number, { weight: number; index: number; description: string }>();
    for (const outcome of outcomes) {
      if (!outcome.matched) continue;
      const ref = map[outcome.index];
      const flag = ref ? section.flags[ref.flag] : undefined;
      if (!ref || !flag) continue;
      const tier = ref.tier === undefined ? undefined : flag.tiers?.[ref.tier];
      const weight = tier ? tier.weight : flag.weight;
      const current = given.get(ref.flag);
      if (!current || weight > current.weight) {
        given.set(ref.flag, {
          weight,
          index: outcome.index,
          description: tier?.description ?? flag.description,
        });
      }
    }
    for (const outcome of outcomes) {
      const ref = map[outcome.index];
      const flag = ref ? section.flags[ref.flag] : undefined;
      if (!ref || !flag) continue;
      const tier = ref.tier === undefined ? undefined : flag.tiers?.[ref.tier];
      trace.push({
        stage: 'complexity',
        id: ref.tier === undefined ? flag.id : `${flag.id}#${ref.tier + 1}`,
        description: tier?.description ?? flag.description,
        text: explain.text(tier?.description ?? flag.description, factsIn),
        matched: outcome.matched,
        facts: outcome.facts,
        weight: tier ? tier.weight : flag.weight,
        counted: given.get(ref.flag)?.index === outcome.index,
      });
    }
    const total = section.flags.reduce((sum, f) => sum + f.weight, 0);
    const flags: ComplexityPartial['flags'] = [];
    let raised = 0;
    section.flags.forEach((flag, f) => {
      const g = given.get(f);
      if (!g) return;
      raised += g.weight;
      flags.push({ id: flag.id, description: explain.text(flag.description, factsIn), weight: g.weight });
    });
    const complexityScore = total > 0 ? roundHalfAwayFromZero((raised / total) * 100) : 0;
    const level = section.levels.find((l) => complexityScore >= l.min);
    partial = { complexityScore, complexityLevel: level ? level.level : section.otherwise, flags };
    out.give('flagCount', flags.length);
    for (const count of section.counts ?? []) {
      out.give(count.name, flags.filter((f) => f.weight >= count.minWeight).length);
    }
  }
  out.give('complexityScore', partial.complexityScore);
  out.give('complexityLevel', partial.complexityLevel);
  return { result: partial, trace: { rules: trace } };
}
