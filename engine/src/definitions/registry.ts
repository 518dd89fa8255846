// Picks the definition for a service type code or alias: the latest published version, or the
// version asked for; unknown codes get the definition with id 'generic'.
import type { LoadedDefinition } from './loaded-definition';

export interface DefinitionRegistry {
  /** Every loaded definition, by id then version. */
  all(): LoadedDefinition[];
  /** The definition of a type code, service type or alias (unknown → 'generic'). */
  resolve(typeOrAlias: string, version?: number): LoadedDefinition;
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
    resolve(typeOrAlias, version) {
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
      const published = versions.filter((d) => d.status === 'published');
      const latest = published[published.length - 1];
      if (!latest) throw new Error(`Definition "${id}" has no published version`);
      return latest;
    },
  };
}
