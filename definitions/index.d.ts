// Node reader of the definition files (see index.cjs).
export interface DefinitionFile {
  /** Absolute path of definitions/assessments/<id>/v<N>.json */
  file: string;
  json: unknown;
}

export interface DefinitionsOnDisk {
  /** The definitions folder that was read. */
  root: string;
  /** Every assessments/<id>/v<N>.json, by folder then version. */
  assessments: DefinitionFile[];
  /** parameters/<id>.json by file name without .json */
  parameterSets: Record<string, unknown>;
  /** site/<name>.json by file name without .json */
  site: Record<string, unknown>;
}

/** Reads every definition file under `root` (default: this package's folder). */
export function readDefinitionsFromDisk(root?: string): DefinitionsOnDisk;

export const DEFINITIONS_ROOT: string;
