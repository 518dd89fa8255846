// The json-rules-engine Engines of one definition version: built on first use, kept in a WeakMap
// keyed by the loaded definition, reused by every evaluation of that version.
import type { AssessmentDefinition } from '../../types';
import { RuleSet, type RuleSpec } from './rule-set';

export interface StageEngines {
  eligibility: RuleSet;
  /** Complexity rules: one per flag, or one per tier; `flag`/`tier` map a rule back. */
  complexity: { rules: RuleSet; map: { flag: number; tier: number | undefined }[] };
  lists: { rules: RuleSet; map: { list: number; rule: number }[] };
  selections: { rules: RuleSet; map: { selection: number; rule: number }[] };
  approach: RuleSet;
  /** Eligibility overrides (knock-outs and decisive facts): the first that holds wins. */
  overrides: RuleSet;
}

const cache = new WeakMap<object, StageEngines>();

function build(def: AssessmentDefinition): StageEngines {
  const eligibilityRules: RuleSpec[] = 'rules' in def.eligibility ? def.eligibility.rules : [];

  const complexityRules: RuleSpec[] = [];
  const complexityMap: StageEngines['complexity']['map'] = [];
  if ('flags' in def.complexity) {
    def.complexity.flags.forEach((flag, f) => {
      if (flag.tiers && flag.tiers.length > 0) {
        flag.tiers.forEach((tier, t) => {
          complexityRules.push({
            id: `${flag.id}#${t + 1}`,
            description: tier.description ?? flag.description,
            conditions: tier.conditions,
          });
          complexityMap.push({ flag: f, tier: t });
        });
      } else if (flag.conditions) {
        complexityRules.push({ id: flag.id, description: flag.description, conditions: flag.conditions });
        complexityMap.push({ flag: f, tier: undefined });
      }
    });
  }

  const listRules: RuleSpec[] = [];
  const listMap: StageEngines['lists']['map'] = [];
  (def.lists ?? []).forEach((list, l) =>
    list.rules.forEach((rule, r) => {
      listRules.push(rule);
      listMap.push({ list: l, rule: r });
    }),
  );

  const selectionRules: RuleSpec[] = [];
  const selectionMap: StageEngines['selections']['map'] = [];
  (def.value.selections ?? []).forEach((selection, s) =>
    selection.rules.forEach((rule, r) => {
      selectionRules.push(rule);
      selectionMap.push({ selection: s, rule: r });
    }),
  );

  return {
    eligibility: new RuleSet(eligibilityRules),
    complexity: { rules: new RuleSet(complexityRules), map: complexityMap },
    lists: { rules: new RuleSet(listRules), map: listMap },
    selections: { rules: new RuleSet(selectionRules), map: selectionMap },
    approach: new RuleSet(def.approach.rules, { firstMatch: true }),
    overrides: new RuleSet(def.eligibility.overrides ?? [], { firstMatch: true }),
  };
}

/** The Engines of a definition version, built once. */
export function getStageEngines(definition: AssessmentDefinition): StageEngines {
  let engines = cache.get(definition);
  if (!engines) {
    engines = build(definition);
    cache.set(definition, engines);
  }
  return engines;
}

/** Builds fresh Engines without caching (benchmark: engine built per call). */
export function buildStageEngines(definition: AssessmentDefinition): StageEngines {
  return build(definition);
}
