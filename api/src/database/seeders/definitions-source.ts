import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

export interface DefinitionFiles {
  assessments: Record<string, unknown>[];
  parameters: Record<string, unknown>[];
  /** definitions/site/<name>.json by name (services, categories, site …). */
  site: Record<string, unknown>;
}

export function definitionsDir(): string {
  return dirname(require.resolve('@reclaim/definitions/package.json'));
}

function readJson(path: string): Record<string, unknown> {
  return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;
}

function listJson(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .map((f) => join(dir, f));
}

interface DiskReader {
  readDefinitionsFromDisk?: () => unknown;
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A list of files, or an object of files by id; each file either raw JSON or { file, json }. */
function asRecords(value: unknown): Record<string, unknown>[] {
  const items = Array.isArray(value) ? (value as unknown[]) : isRecord(value) ? Object.values(value) : [];
  return items
    .filter(isRecord)
    .map((item) => (isRecord(item.json) && typeof item.file === 'string' ? item.json : item));
}

/**
 * Everything under definitions/: through the package's own readDefinitionsFromDisk() when it
 * provides one (definitions/index.cjs), else by reading the folders it documents
 * (assessments/<id>/v<N>.json, parameters/<set>.json, site/<name>.json).
 */
export function readDefinitionFiles(dir: string = definitionsDir()): DefinitionFiles {
  const index = join(dir, 'index.cjs');
  if (existsSync(index)) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const reader = require(index) as DiskReader;
    if (typeof reader.readDefinitionsFromDisk === 'function') {
      const read = reader.readDefinitionsFromDisk() as {
        assessments?: unknown;
        parameters?: unknown;
        parameterSets?: unknown;
        site?: unknown;
      };
      const site =
        read.site && typeof read.site === 'object' && !Array.isArray(read.site)
          ? (read.site as Record<string, unknown>)
          : {};
      return {
        assessments: asRecords(read.assessments),
        parameters: asRecords(read.parameters ?? read.parameterSets),
        site,
      };
    }
  }
  const assessmentsDir = join(dir, 'assessments');
  const assessments = existsSync(assessmentsDir)
    ? readdirSync(assessmentsDir)
        .sort()
        .flatMap((id) => listJson(join(assessmentsDir, id)))
        .filter((f) => /\/v\d+\.json$/.test(f))
        .map(readJson)
    : [];
  const parameters = listJson(join(dir, 'parameters')).map(readJson);
  const site: Record<string, unknown> = {};
  for (const file of listJson(join(dir, 'site'))) {
    const name = file.slice(file.lastIndexOf('/') + 1, -'.json'.length);
    site[name] = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  }
  return { assessments, parameters, site };
}
