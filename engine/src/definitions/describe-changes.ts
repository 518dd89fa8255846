// Plain-English differences between two versions of a definition, for the adviser who reviews a
// draft: "Likely threshold: 75 → 70", "New question: “…”", "Factor “…” points 10 → 15".
// Lists keyed by id (questions, factors, rules, flags) are matched by id, so a reorder is not a
// removal plus an addition. Pure: browser and Node.
import { describeDefinitionPath } from './check-definition';

export interface DefinitionChange {
  screen: string;
  kind: 'changed' | 'added' | 'removed' | 'moved';
  path: string;
  sentence: string;
}

type Json = Record<string, unknown>;
const isObj = (v: unknown): v is Json => v !== null && typeof v === 'object' && !Array.isArray(v);
const show = (v: unknown): string =>
  v === true ? 'Yes' : v === false ? 'No' : typeof v === 'string' ? v : JSON.stringify(v);
const quote = (s: string): string => `“${s}”`;
const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

function keyOf(item: unknown): string | undefined {
  if (!isObj(item)) return undefined;
  for (const k of ['id', 'name', 'likelihood', 'level']) if (typeof item[k] === 'string') return item[k];
  return undefined;
}

function nameOf(item: Json): string {
  const text =
    typeof item.question === 'string'
      ? item.question
      : typeof item.description === 'string'
        ? item.description
        : (keyOf(item) ?? '');
  return quote(text);
}

const KIND_WORDS: Record<string, string> = {
  questions: 'question',
  factors: 'factor',
  rules: 'rule',
  flags: 'complexity flag',
  levels: 'level',
  bands: 'band',
  inputs: 'input',
  calculations: 'calculation',
  selections: 'value selection',
  tests: 'test',
  parameters: 'parameter',
};

export function describeChanges(before: unknown, after: unknown): DefinitionChange[] {
  const out: DefinitionChange[] = [];
  const push = (kind: DefinitionChange['kind'], path: string, sentence: string) => {
    out.push({
      kind,
      path,
      sentence,
      screen: describeDefinitionPath(kind === 'removed' ? before : after, path).screen,
    });
  };
  const ruleKind = (path: string): string => {
    if (path.startsWith('/eligibility/rules')) return 'Points rule';
    if (path.startsWith('/eligibility/overrides')) return 'Knock-out rule';
    if (path.startsWith('/approach/rules')) return 'Approach rule';
    return 'Rule';
  };
  const label = (path: string, listName: string, item: Json): string => {
    if (listName === 'bands') return `${String(item.likelihood)} threshold`;
    if (listName === 'levels') return `${String(item.level)} complexity threshold`;
    if (listName === 'factors') return `Factor ${nameOf(item)}`;
    if (listName === 'questions') return `Question ${nameOf(item)}`;
    if (listName === 'rules') return `${ruleKind(path)} ${nameOf(item)}`;
    if (listName === 'flags') return `Complexity flag ${nameOf(item)}`;
    const word = KIND_WORDS[listName] ?? listName;
    return `${word.charAt(0).toUpperCase()}${word.slice(1)} ${nameOf(item)}`;
  };
  const FIELD: Record<string, string> = {
    min: '',
    max: 'maximum',
    points: 'points',
    weight: 'weight',
    question: 'text',
    type: 'answer type',
    options: 'options',
    condition: 'shown when',
    conditions: 'condition',
    optional: 'optional',
    description: 'description',
    reason: 'reason',
    serviceApproach: 'approach',
  };

  const walk = (a: unknown, b: unknown, path: string, context: string | null): void => {
    if (same(a, b)) return;
    if (
      Array.isArray(a) &&
      Array.isArray(b) &&
      [...(a as unknown[]), ...(b as unknown[])].every((x) => keyOf(x) !== undefined)
    ) {
      const listName = path.split('/').pop() ?? '';
      const aKeys = a.map(keyOf);
      const bKeys = b.map(keyOf);
      b.forEach((item, i) => {
        const j = aKeys.indexOf(keyOf(item));
        const p = `${path}/${i}`;
        if (j < 0) {
          const word = KIND_WORDS[listName] ?? 'item';
          push('added', p, `New ${word}: ${nameOf(item as Json)}`);
        } else walk(a[j], item, p, label(p, listName, item as Json));
      });
      a.forEach((item, j) => {
        if (!bKeys.includes(keyOf(item)))
          push('removed', `${path}/${j}`, `${label(`${path}/${j}`, listName, item as Json)} removed`);
      });
      const kept = bKeys.filter((k) => aKeys.includes(k));
      const keptBefore = aKeys.filter((k) => bKeys.includes(k));
      if (!same(kept, keptBefore))
        push('moved', path, `${listName.charAt(0).toUpperCase()}${listName.slice(1)} reordered`);
      return;
    }
    if (isObj(a) && isObj(b)) {
      for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
        const p = `${path}/${k}`;
        if (context && (k === 'conditions' || k === 'condition' || k === 'options' || k === 'cases')) {
          if (!same(a[k], b[k])) push('changed', p, `${context}: ${FIELD[k] ?? k} changed`);
          continue;
        }
        if (context && !(k in a)) push('added', p, `${context}: ${FIELD[k] ?? k} set to ${show(b[k])}`);
        else if (context && !(k in b)) push('removed', p, `${context}: ${FIELD[k] ?? k} removed`);
        else walk(a[k], b[k], p, context ? `${context}${FIELD[k] === '' ? '' : ` ${FIELD[k] ?? k}`}` : null);
      }
      return;
    }
    const where = context ?? describeDefinitionPath(after, path).field;
    if (isObj(a) || isObj(b) || Array.isArray(a) || Array.isArray(b))
      push('changed', path, `${where}: changed`);
    else push('changed', path, `${where}: ${show(a)} → ${show(b)}`);
  };
  const skip = new Set(['version', 'status', '$schema']);
  const a = isObj(before) ? before : {};
  const b = isObj(after) ? after : {};
  for (const k of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (skip.has(k)) continue;
    if (k === 'effectiveFrom') {
      if (a[k] !== b[k]) push('changed', `/${k}`, `Effective from: ${show(a[k])} → ${show(b[k])}`);
      continue;
    }
    walk(a[k], b[k], `/${k}`, null);
  }
  return out;
}
