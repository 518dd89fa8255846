// The `text` input kind: a sentence for the client, the template of the first case whose condition
// holds (else `default`, else none) filled from the answers, `asOf` and the inputs before it. For
// words that depend on dates worked out from the answers (a claim deadline, whether it has passed),
// which a result field then shows: in a card, or at the top of the results (`place: "notice"`).
import { compileCondition, conditionFacts } from '../conditions/evaluate-condition';
import { ownValue } from '../own-value';
import { fillTemplate } from '../stages/fill-template';
import type { TextInputSpec, TraceRule } from '../../types';

export function compileTextInput(spec: TextInputSpec) {
  const description = spec.description ?? spec.name;
  const cases = spec.cases.map((c, i) => ({
    matches: compileCondition(c.when),
    text: c.text,
    id: `${spec.name}#${i + 1}`,
    facts: [...conditionFacts(c.when)],
  }));
  const fallback = spec.default;
  return (scope: Record<string, unknown>, trace: TraceRule[] | undefined): string | undefined => {
    for (const c of cases) {
      const matched = c.matches(scope);
      if (trace) {
        const facts: Record<string, unknown> = {};
        for (const f of c.facts) facts[f] = ownValue(scope, f) ?? null;
        trace.push({ stage: 'inputs', id: c.id, description, matched, facts, counted: matched });
      }
      if (matched) return fillTemplate(c.text, scope);
    }
    return fallback === undefined ? undefined : fillTemplate(fallback, scope);
  };
}
