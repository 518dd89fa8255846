// Picks the definition for a service type code or alias: the version in force on a date (one
// function, `versionInForce`, used by the API, the web through the API and the evaluate CLI), or
// the version asked for; unknown codes get the definition with id 'generic'.
import { todayIso } from '../rules/create-state';
import type { LoadedDefinition } from './loaded-definition';

/** What version choice reads of a definition version (a loaded definition or a stored row). */
export interface DatedVersion {
  readonly version: number;
  readonly status: string;
  readonly effectiveFrom: string;
}

/**
 * THE version of a definition that applies on `asOf` (YYYY-MM-DD): of the published versions
 * whose effectiveFrom is on or before that date, the highest version number. When no published
 * version is in force yet on that date, the oldest published one (the first rules there were).
 * Drafts and retired versions are never chosen by date. A version published with a future
 * effectiveFrom (scheduled) is chosen from its date on, with nothing to run on the day.
 */
export function versionInForce<T extends DatedVersion>(versions: readonly T[], asOf: string): T | undefined {
  let inForce: T | undefined;
  let oldest: T | undefined;
  for (const v of versions) {
    if (v.status !== 'published') continue;
    if (!oldest || v.version < oldest.version) oldest = v;
    if (v.effectiveFrom <= asOf && (!inForce || v.version > inForce.version)) inForce = v;
  }
  return inForce ?? oldest;
}

/** Which version `resolve` returns: an exact version, or the one in force on a date (default today). */
export interface ResolveOptions {
  version?: number;
  asOf?: string;
}

export interface DefinitionRegistry {
  /** Every loaded definition, by id then version. */
  all(): LoadedDefinition[];
  /**
   * The definition of a type code, service type or alias (unknown → 'generic'): the version asked
   * for, else the version in force on `asOf` (default today) by `versionInForce`.
   */
  resolve(typeOrAlias: string, selector?: number | ResolveOptions): LoadedDefinition;
  /** True when the code names a definition (not the generic fallback). */
  has(typeOrAlias: string): boolean;
}

export const GENERIC_DEFINITION_ID = 'generic';

export function createRegistry(definitions: readonly LoadedDefinition[]): DefinitionRegistry {
  const byId = new Map<string, LoadedDefinition[]>();
  const alias = new Map<string, string>();
  for (const def of definitions) {
    const versions = byId.get(def.id) ?? [];
    if (versions.some((d) => d.version === def.version)) {
      throw new Error(`Definition "${def.id}" v${def.version} is loaded twice`);
    }
    versions.push(def);
    versions.sort((a, b) => a.version - b.version);
    byId.set(def.id, versions);
  }
  for (const def of definitions) {
    for (const code of [def.serviceType, ...(def.aliases ?? [])]) {
      if (code === def.id || byId.has(code)) continue;
      const existing = alias.get(code);
      if (existing !== undefined && existing !== def.id) {
        throw new Error(`Code "${code}" is claimed by "${existing}" and "${def.id}"`);
      }
      alias.set(code, def.id);
    }
  }
  const idOf = (code: string): string | undefined => (byId.has(code) ? code : alias.get(code));

  return {
    all: () => [...byId.values()].flat(),
    has: (code) => idOf(code) !== undefined,
    resolve(typeOrAlias, selector) {
      const { version, asOf } =
        typeof selector === 'number' ? { version: selector, asOf: undefined } : (selector ?? {});
      const id = idOf(typeOrAlias) ?? GENERIC_DEFINITION_ID;
      const versions = byId.get(id);
      if (!versions)
        throw new Error(`No definition for "${typeOrAlias}" and no "${GENERIC_DEFINITION_ID}" fallback`);
      if (version !== undefined) {
        const exact = versions.find((d) => d.version === version);
        if (!exact)
          throw new Error(
            `Definition "${id}" has no version ${version} (versions: ${versions.map((d) => d.version).join(', ')})`,
          );
        return exact;
      }
      const chosen = versionInForce(versions, asOf ?? todayIso());
      if (!chosen) throw new Error(`Definition "${id}" has no published version`);
      return chosen;
    },
  };
}
