// Loads and validates every definition file through the engine (its sources: no build needed).
import { readDefinitionsFromDisk } from '@reclaim/definitions';
import {
  createRegistry,
  DefinitionError,
  loadDefinition,
  loadParameterSet,
  loadSiteData,
  type DefinitionRegistry,
  type SiteData,
  type LoadedDefinition,
  type ParameterSet,
} from '../../engine/src/index';

export interface FileProblem {
  file: string;
  message: string;
  issues?: { path: string; message: string }[];
}

export interface AllDefinitions {
  root: string;
  definitions: { file: string; definition: LoadedDefinition }[];
  parameterSets: Record<string, ParameterSet>;
  site: Record<string, unknown>;
  /** The site files checked and typed (undefined when definitions/site is absent or invalid). */
  siteData: SiteData | undefined;
  problems: FileProblem[];
  registry: DefinitionRegistry;
}

function problemOf(file: string, error: unknown): FileProblem {
  if (error instanceof DefinitionError) return { file, message: error.message, issues: error.issues };
  return { file, message: error instanceof Error ? error.message : String(error) };
}

/**
 * Reads definitions/ and loads everything. With `strict` (default) any invalid file throws one
 * Error listing them all; otherwise the problems are returned beside what did load.
 */
export function loadAllDefinitions(options: { root?: string; strict?: boolean } = {}): AllDefinitions {
  const disk = readDefinitionsFromDisk(options.root);
  const problems: FileProblem[] = [];
  const parameterSets: Record<string, ParameterSet> = {};
  for (const [name, json] of Object.entries(disk.parameterSets)) {
    const file = `${disk.root}/parameters/${name}.json`;
    try {
      const set = loadParameterSet(json);
      if (set.id !== name) throw new Error(`id "${set.id}" does not match the file name "${name}.json"`);
      parameterSets[set.id] = set;
    } catch (error) {
      problems.push(problemOf(file, error));
    }
  }
  const definitions: AllDefinitions['definitions'] = [];
  for (const { file, json } of disk.assessments) {
    try {
      const definition = loadDefinition(json, { parameterSets });
      const expected = /\/([^/]+)\/v(\d+)\.json$/.exec(file);
      if (expected && (expected[1] !== definition.id || Number(expected[2]) !== definition.version)) {
        throw new Error(
          `id/version ${definition.id} v${definition.version} do not match the path ${expected[1]}/v${expected[2]}.json`,
        );
      }
      definitions.push({ file, definition });
    } catch (error) {
      problems.push(problemOf(file, error));
    }
  }
  let siteData: SiteData | undefined;
  if (Object.keys(disk.site).length > 0) {
    try {
      siteData = loadSiteData({
        config: disk.site['site-config'],
        categories: disk.site.categories,
        services: disk.site.services,
        redirects: disk.site.redirects,
      });
    } catch (error) {
      problems.push(problemOf(`${disk.root}/site`, error));
    }
  }
  if (options.strict !== false && problems.length > 0) {
    throw new Error(
      `Invalid definition files:\n${problems.map((p) => `${p.file}\n${p.message}`).join('\n')}`,
    );
  }
  return {
    root: disk.root,
    definitions,
    parameterSets,
    site: disk.site,
    siteData,
    problems,
    registry: createRegistry(definitions.map((d) => d.definition)),
  };
}
