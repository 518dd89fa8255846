// How each result field is shown (docs/definition-format.md "How results are shown"): the
// definition's label, format, place and `when`; for a field without presentation (v1) a label
// and format derived from its name and source, hidden where a card already shows what it reads.
import type { AssessmentDefinition, ResultFieldSpec, ResultFieldView, ResultFormat } from '../../types';
import { evaluateCondition } from '../conditions/evaluate-condition';
import { isIsoDate } from '../inputs/dates';

/** Sources the results page's own cards show: a derived field reading one would say it twice. */
const CARD_SOURCES = [
  /^eligibility\./,
  /^value\.estimates\./,
  /^complexity\.(complexityScore|complexityLevel|potential)/,
  /^recommendation\.summary$/,
];

function commonPrefix(names: readonly string[]): string[] {
  const split = names.map((n) => n.split('_'));
  const first = split[0] ?? [];
  let n = 0;
  while (n < first.length - 1 && split.every((parts) => parts.length > n + 1 && parts[n] === first[n]))
    n += 1;
  return first.slice(0, n);
}

function derivedLabel(name: string, prefix: readonly string[]): string {
  const words = name.split('_').slice(prefix.length).join(' ').trim() || name.replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function unitOf(def: AssessmentDefinition, fact: string): string | undefined {
  const calc = [...(def.calculations ?? []), ...(def.value.calculations ?? [])].find((c) => c.id === fact);
  return calc?.unit;
}

function derivedFormat(def: AssessmentDefinition, spec: ResultFieldSpec, value: unknown): ResultFormat {
  if (spec.in) return 'yesNo';
  if (spec.from === 'recommendation.text') return 'paragraphs';
  if (spec.from.endsWith('.likelihood')) return 'likelihood';
  if (Array.isArray(value)) return 'list';
  if (spec.from.startsWith('value.estimates.')) return 'money';
  if (spec.from === 'complexity.complexityScore' && spec.scale === 0.1) return 'scoreOutOf10';
  const [head, fact] = spec.from.split('.');
  if (head === 'facts' && fact !== undefined) {
    const unit = unitOf(def, fact);
    if (unit === 'GBP') return 'money';
    if (unit === 'percent') return 'percent';
  }
  if (isIsoDate(value)) return 'date';
  if (typeof value === 'boolean') return 'yesNo';
  return typeof value === 'number' ? 'number' : 'text';
}

export function resultFieldViews(
  def: AssessmentDefinition,
  values: Readonly<Record<string, unknown>>,
  facts: Record<string, unknown>,
): ResultFieldView[] {
  const specs = Object.entries(def.resultFields ?? {});
  const prefix = commonPrefix(specs.map(([name]) => name));
  return specs.map(([name, spec]): ResultFieldView => {
    const value = values[name];
    if (spec.label === undefined) {
      const onACard = CARD_SOURCES.some((re) => re.test(spec.from));
      return {
        name,
        label: derivedLabel(name, prefix),
        format: spec.format ?? derivedFormat(def, spec, value),
        place: onACard || spec.place === 'hidden' ? 'hidden' : 'details',
        ...(spec.emptyText === undefined ? {} : { emptyText: spec.emptyText }),
        derived: true,
      };
    }
    const holds = spec.when === undefined || evaluateCondition(spec.when, facts);
    return {
      name,
      label: spec.label,
      format: spec.format ?? derivedFormat(def, spec, value),
      place: holds ? (spec.place ?? 'details') : 'hidden',
      ...(spec.emptyText === undefined ? {} : { emptyText: spec.emptyText }),
      ...(spec.columns === undefined ? {} : { columns: spec.columns }),
    };
  });
}
