// Stage 12: the server result fields, each read from a path of the evaluation.
import type { ResultFieldSpec } from '../../types';
import { roundHalfAwayFromZero } from '../format';

/** Reads a dotted path ("eligibility.likelihood", "complexity.flags.length", "lists.reliefs.0"). */
// the paths are the definitions' own: each is split once
const pathParts = new Map<string, readonly string[]>();

function partsOf(path: string): readonly string[] {
  let parts = pathParts.get(path);
  if (!parts) {
    parts = path.split('.').filter((part) => part !== '');
    if (pathParts.size >= 10_000) pathParts.clear();
    pathParts.set(path, parts);
  }
  return parts;
}

export function getPath(root: unknown, path: string): unknown {
  let current: unknown = root;
  for (const part of partsOf(path)) {
    if (Array.isArray(current)) {
      if (part === 'length') current = current.length;
      else current = /^\d+$/.test(part) ? current[Number(part)] : undefined;
    } else if (current !== null && typeof current === 'object') {
      current = Object.prototype.hasOwnProperty.call(current, part)
        ? (current as Record<string, unknown>)[part]
        : undefined;
    } else {
      return undefined;
    }
  }
  return current;
}

export function computeResultFields(
  specs: Readonly<Record<string, ResultFieldSpec>> | undefined,
  evaluation: unknown,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(specs ?? {})) {
    let value = getPath(evaluation, spec.from);
    if (spec.in) {
      const v = value;
      value = spec.in.some((x) => x === v);
    } else if (typeof value === 'number') {
      if (spec.scale !== undefined) value = value * spec.scale;
      if (spec.decimals !== undefined) value = roundHalfAwayFromZero(value as number, spec.decimals);
    }
    out[name] = value === undefined ? null : Array.isArray(value) ? [...(value as unknown[])] : value;
  }
  return out;
}
