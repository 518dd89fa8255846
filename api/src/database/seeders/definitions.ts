import type { EntityManager } from '@mikro-orm/core';
import type { AppConfig } from '../../config/config';
import { jsonChecksum } from '../../modules/definitions/checksum';
import { DefinitionVersion, ParameterSetRecord } from '../../modules/definitions/definition-version.entity';
import { loadDefinitionJson, type ParameterSet } from '../../modules/definitions/engine-adapter';
import type { SeedContext, SeedStep } from '../seed-step';
import { readDefinitionFiles } from './definitions-source';

function str(value: unknown, fallback = ''): string {
  return typeof value === 'string' ? value : fallback;
}

/**
 * Stores every definition version and parameter set found under definitions/, on every start.
 * A new version is added; a draft may change; a published version never changes (D7): a file
 * that differs from the stored published version is refused with an error and the stored one kept.
 */
export const definitionsSeed: SeedStep = {
  name: 'definitions',
  async run(em: EntityManager, _config: AppConfig, ctx: SeedContext) {
    const files = readDefinitionFiles();
    const parameterSets: ParameterSet[] = [];
    // Definitions are checked against the files' sets (a studio-published set only adds rows).
    for (const json of files.parameters) {
      const id = str(json.id);
      if (!id) continue;
      parameterSets.push(json as unknown as ParameterSet);
      const checksum = jsonChecksum(json);
      const existing = await em.findOne(ParameterSetRecord, { id }, { populate: ['json'] });
      if (existing && existing.checksum === checksum) {
        await keepWrittenOrder(em, ParameterSetRecord, id, existing.json, json);
      }
      if (existing && (existing.checksum === checksum || existing.seededChecksum === checksum)) {
        // Unchanged file (the stored set may be a studio publish made since: it stays).
        if (existing.seededChecksum !== checksum) existing.seededChecksum = checksum;
        continue;
      }
      if (existing && existing.seededChecksum !== null && existing.checksum !== existing.seededChecksum) {
        // The file changed and an adviser published this set in the studio since the last seed:
        // neither silently wins. The studio's set is kept; the file's rows go in through a draft.
        ctx.logger.error(
          `Parameter set ${id} was changed in the studio and its file changed too; the studio's set is kept. Add the file's new rows in the studio (Dated parameters) or restore the file.`,
        );
        continue;
      }
      const record = existing ?? new ParameterSetRecord();
      record.id = id;
      record.json = json;
      record.checksum = checksum;
      record.seededChecksum = checksum;
      record.updatedById = null;
      record.updatedAt = new Date();
      em.persist(record);
    }
    let added = 0;
    for (const json of files.assessments) {
      const definitionId = str(json.id);
      const version = typeof json.version === 'number' ? json.version : NaN;
      if (!definitionId || !Number.isInteger(version)) {
        ctx.logger.error(`A definition file without id or version was skipped (${definitionId || 'no id'})`);
        continue;
      }
      const refs = ((json.parameters as { set?: string }[] | undefined) ?? []).map((p) => p.set);
      try {
        loadDefinitionJson(
          json,
          parameterSets.filter((p) => refs.includes(p.id)),
        );
      } catch (err) {
        ctx.logger.error(
          `Definition ${definitionId} v${version} is invalid and was not stored: ${err instanceof Error ? err.message : String(err)}`,
        );
        continue;
      }
      const checksum = jsonChecksum(json);
      const existing = await em.findOne(DefinitionVersion, { definitionId, version }, { populate: ['json'] });
      if (existing) {
        if (existing.checksum === checksum) {
          await keepWrittenOrder(em, DefinitionVersion, existing.id, existing.json, json);
          continue;
        }
        if (existing.status === 'published' || existing.status === 'retired') {
          ctx.logger.error(
            `Definition ${definitionId} v${version} differs from the published version stored; published versions never change. Add v${version + 1} instead. The stored version stays in use.`,
          );
          continue;
        }
      }
      const row = existing ?? new DefinitionVersion();
      row.definitionId = definitionId;
      row.serviceType = str(json.serviceType, definitionId);
      row.aliases = Array.isArray(json.aliases)
        ? json.aliases.filter((a): a is string => typeof a === 'string')
        : [];
      row.version = version;
      row.status = (
        ['draft', 'published', 'retired'].includes(str(json.status)) ? json.status : 'draft'
      ) as DefinitionVersion['status'];
      // A version shipped as a published file was reviewed in the repository, not in the studio.
      row.reviewState = row.status === 'draft' ? 'editing' : 'published';
      row.effectiveFrom = str(json.effectiveFrom, '1970-01-01');
      row.title = str(json.title, definitionId).slice(0, 300);
      row.json = json;
      row.checksum = checksum;
      em.persist(row);
      added++;
    }
    await em.flush();
    if (added > 0) ctx.logger.log(`stored ${added} definition version(s)`);
  },
};

/**
 * The same content stored with its keys in another order (a row written while the column was
 * PostgreSQL `jsonb`, which sorts keys) is rewritten as the file has it: key order is the layout
 * of a results page (decisions §121). Same content, so the checksum stays.
 */
async function keepWrittenOrder(
  em: EntityManager,
  entity: typeof DefinitionVersion | typeof ParameterSetRecord,
  id: string,
  stored: Record<string, unknown>,
  file: Record<string, unknown>,
): Promise<void> {
  if (JSON.stringify(stored) === JSON.stringify(file)) return;
  await em.nativeUpdate(entity, { id }, { json: file });
}
