// Every definition file with the parameter sets it refers to, loaded as the app loads them (for
// results tests that must hold for every definition, including ones added later).
import { loadDefinition, type AssessmentDefinition, type LoadedDefinition } from '@reclaim/engine';

const definitionFiles = import.meta.glob<AssessmentDefinition>(
  '../../../../../definitions/assessments/*/v*.json',
  {
    eager: true,
    import: 'default',
  },
);
const parameterFiles = import.meta.glob<unknown>('../../../../../definitions/parameters/*.json', {
  eager: true,
  import: 'default',
});
const parameterSets = Object.values(parameterFiles);

export interface DefinitionFile {
  file: string;
  json: AssessmentDefinition;
  load: () => LoadedDefinition;
}

export const DEFINITION_FILES: DefinitionFile[] = Object.entries(definitionFiles)
  .map(([path, json]) => ({
    file: path.replace(/^.*definitions\/assessments\//, ''),
    json,
    load: () => loadDefinition(json, { parameterSets }),
  }))
  .filter((d) => d.json.id !== 'default_template');

export function definitionFile(name: string): DefinitionFile {
  const found = DEFINITION_FILES.find((d) => d.file === name);
  if (!found) throw new Error(`no definition ${name}`);
  return found;
}

/** A copy of a definition file changed by `change`, loaded. */
export function changedDefinition(
  name: string,
  change: (def: AssessmentDefinition) => void,
): LoadedDefinition {
  const json = structuredClone(definitionFile(name).json);
  change(json);
  return loadDefinition(json, { parameterSets });
}
