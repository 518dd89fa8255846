// Stage 6: eligibility. Factor rules give points; per factor the highest (or, with aggregate
// "sum", the sum) of the points of the rules that hold, capped at the factor's max.
import type { EligibilityResult, Likelihood } from '../../types';
import { isEmptyAnswer } from '../operators';
import { roundHalfAwayFromZero } from '../format';
import { giveEligibilityFacts, type FactSink, type StageOutput, type StageView } from './state';
import type { TraceRule } from '../../types';

export async function runEligibility(
  view: StageView,
  out: FactSink,
): Promise<StageOutput<EligibilityResult>> {
  const def = view.definition;
  const section = def.eligibility;
  const { facts, explain } = view;
  const rules: TraceRule[] = [];
  let result: EligibilityResult;
  if ('fixed' in section) {
    const { likelihood, confidenceLevel, score, reasons } = section.fixed;
    result = {
      serviceType: view.serviceType,
      likelihood,
      confidenceLevel,
      score,
      reasons: reasons.map((r) => explain.text(r, facts)),
      rawScore: score,
      maxPossibleScore: 100,
    };
  } else {
    const outcomes = await view.engines.eligibility.run(facts);
    const matched = new Set(outcomes.filter((o) => o.matched).map((o) => o.index));
    const counted = new Set<number>();
    let rawScore = 0;
    let maxPossibleScore = 0;
    for (const factor of section.factors) {
      maxPossibleScore += factor.max;
      const hits: number[] = [];
      section.rules.forEach((rule, i) => {
        if (rule.factor === factor.id && matched.has(i)) hits.push(i);
      });
      let points = 0;
      if (factor.aggregate === 'sum') {
        for (const i of hits) {
          points += section.rules[i]?.points ?? 0;
          counted.add(i);
        }
      } else {
        let best: number | undefined;
        for (const i of hits) {
          const p = section.rules[i]?.points ?? 0;
          if (best === undefined || p > (section.rules[best]?.points ?? 0)) best = i;
        }
        if (best !== undefined) {
          points = section.rules[best]?.points ?? 0;
          counted.add(best);
        }
      }
      rawScore += Math.min(points, factor.max);
    }
    const score = maxPossibleScore > 0 ? roundHalfAwayFromZero((rawScore / maxPossibleScore) * 100) : 0;
    const band = section.bands.find((b) => score >= b.min);
    const likelihood: Likelihood = band ? band.likelihood : section.otherwise;
    const answered = section.confidence.inputs.filter((name) => !isEmptyAnswer(facts[name])).length;
    const confidenceLevel =
      section.confidence.divisor > 0
        ? Math.min(100, roundHalfAwayFromZero((answered / section.confidence.divisor) * 100))
        : 0;
    const reasons: string[] = [];
    for (const outcome of outcomes) {
      const rule = section.rules[outcome.index];
      if (!rule) continue;
      const isCounted = counted.has(outcome.index);
      const text = explain.text(rule.reason, facts);
      if (isCounted) reasons.push(text);
      rules.push({
        stage: 'eligibility',
        id: rule.id,
        description: rule.description,
        text,
        matched: outcome.matched,
        facts: outcome.facts,
        points: rule.points,
        counted: isCounted,
      });
    }
    result = {
      serviceType: view.serviceType,
      likelihood,
      confidenceLevel,
      score,
      reasons,
      rawScore,
      maxPossibleScore,
    };
  }
  result = await applyOverrides(view, out, result, rules);
  giveEligibilityFacts(result, out);
  return { result, trace: { rules } };
}

/**
 * Overrides decide the likelihood whatever the points (D8): the first that holds wins. Its reason
 * comes first; an Unlikely override's reason is the only one, so the page tells one story.
 */
async function applyOverrides(
  view: StageView,
  out: FactSink,
  result: EligibilityResult,
  trace: TraceRule[],
): Promise<EligibilityResult> {
  const overrides = view.definition.eligibility.overrides ?? [];
  if (overrides.length === 0) return result;
  // overrides read the score this stage made
  out.give('eligibilityScore', result.score);
  const { facts, explain } = view;
  const outcomes = await view.engines.overrides.run(facts);
  const winner = outcomes.find((o) => o.matched);
  for (const outcome of outcomes) {
    const rule = overrides[outcome.index];
    if (!rule) continue;
    trace.push({
      stage: 'override',
      id: rule.id,
      description: rule.description,
      text: explain.text(rule.reason, facts),
      matched: outcome.matched,
      facts: outcome.facts,
      value: rule.likelihood,
      counted: outcome === winner,
    });
  }
  const rule = winner ? overrides[winner.index] : undefined;
  if (!rule) return result;
  const reason = explain.text(rule.reason, facts);
  const whatWouldChange =
    rule.whatWouldChange === undefined ? undefined : explain.text(rule.whatWouldChange, facts);
  return {
    ...result,
    likelihood: rule.likelihood,
    reasons: rule.likelihood === 'Unlikely' ? [reason] : [reason, ...result.reasons],
    override: { id: rule.id, reason, ...(whatWouldChange === undefined ? {} : { whatWouldChange }) },
  };
}
