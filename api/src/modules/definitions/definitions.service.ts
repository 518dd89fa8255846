import { MikroORM } from '@mikro-orm/core';
import { ClusterEvents } from '../../common/cluster/cluster-events';
import { Clock } from '../../common/clock';
import { versionInForce } from '@reclaim/engine';
import {
  ForbiddenException,
  Injectable,
  Logger,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';
import type {
  AssessmentDefinition,
  AssessmentEvaluation,
  LoadedDefinition,
  ParameterSet,
} from './engine-adapter';
import { evaluateWith, loadDefinitionJson } from './engine-adapter';
import { DefinitionVersion, ParameterSetRecord } from './definition-version.entity';

export const GENERIC_DEFINITION_ID = 'generic';

export interface RegistryEntry {
  definitionId: string;
  serviceType: string;
  aliases: string[];
  version: number;
  status: 'draft' | 'published' | 'retired';
  effectiveFrom: string;
  title: string;
  checksum: string;
  json: Record<string, unknown>;
  definition: LoadedDefinition;
  parameterSets: ParameterSet[];
}

export interface DefinitionSummary {
  id: string;
  serviceType: string;
  version: number;
  status: string;
  title: string;
  effectiveFrom: string;
}

// Every stored definition version, validated by the engine once and kept in memory. It is
// rebuilt from the database after any instance saves a draft, publishes or rolls back (a
// ClusterEvents 'definitions.changed', NOTIFY on PostgreSQL) or when that signal may have been
// missed (the listening connection dropped).
class DefinitionRegistry {
  private readonly byId = new Map<string, Map<number, RegistryEntry>>();
  private readonly codeToId = new Map<string, string>();

  add(entry: RegistryEntry): void {
    let versions = this.byId.get(entry.definitionId);
    if (!versions) {
      versions = new Map();
      this.byId.set(entry.definitionId, versions);
    }
    versions.set(entry.version, entry);
    for (const code of [entry.definitionId, entry.serviceType, ...entry.aliases]) {
      // The definition's own id wins over another definition's alias or service type.
      if (code === entry.definitionId || !this.codeToId.has(code))
        this.codeToId.set(code, entry.definitionId);
    }
  }

  /** The definition id answering a service type or assessment type code; unknown → generic. */
  resolveId(code: string): string {
    return this.codeToId.get(code) ?? GENERIC_DEFINITION_ID;
  }

  knows(code: string): boolean {
    return this.codeToId.has(code);
  }

  get(definitionId: string, version: number): RegistryEntry | undefined {
    return this.byId.get(definitionId)?.get(version);
  }

  /** The version in force on asOf: the engine's versionInForce, the one rule everywhere. */
  published(definitionId: string, asOf: string): RegistryEntry | undefined {
    return versionInForce([...(this.byId.get(definitionId)?.values() ?? [])], asOf);
  }

  all(): RegistryEntry[] {
    return [...this.byId.values()]
      .flatMap((m) => [...m.values()])
      .sort((a, b) =>
        a.definitionId === b.definitionId ? a.version - b.version : a.definitionId < b.definitionId ? -1 : 1,
      );
  }
}

export function todayIso(now: Date = new Date()): string {
  return now.toISOString().slice(0, 10);
}

@Injectable()
export class DefinitionsService {
  private readonly logger = new Logger(DefinitionsService.name);
  private registry: Promise<DefinitionRegistry> | null = null;

  constructor(
    private readonly orm: MikroORM,
    private readonly cluster: ClusterEvents,
    private readonly clock: Clock,
  ) {
    // Another instance published, rolled back or saved a draft (PostgreSQL NOTIFY), or the
    // listening connection was lost and events may have been missed: reload on next use.
    cluster.subscribe((event) => {
      if (event.type === 'definitions.changed') this.invalidate();
    });
    cluster.onResync(() => this.invalidate());
  }

  /** Drops the in-memory registry: it is rebuilt from the database on next use. */
  invalidate(): void {
    this.registry = null;
  }

  /** After a committed change to stored versions: every instance reloads (SECURITY row 32). */
  changed(): Promise<void> {
    return this.cluster.publish({ type: 'definitions.changed' });
  }

  private getRegistry(): Promise<DefinitionRegistry> {
    if (!this.registry) {
      const loading = this.buildRegistry();
      this.registry = loading;
      // A failed load (e.g. database down) is retried on the next call instead of cached.
      loading.catch(() => {
        if (this.registry === loading) this.registry = null;
      });
    }
    return this.registry;
  }

  private async buildRegistry(): Promise<DefinitionRegistry> {
    const em = this.orm.em.fork();
    const [rows, paramRows] = await Promise.all([
      em.find(
        DefinitionVersion,
        {},
        { populate: ['json'], orderBy: { definitionId: 'asc', version: 'asc' } },
      ),
      em.find(ParameterSetRecord, {}, { populate: ['json'] }),
    ]);
    const parameterSets = paramRows.map((p) => p.json as unknown as ParameterSet);
    const registry = new DefinitionRegistry();
    for (const row of rows) {
      const refs = ((row.json as { parameters?: { set: string }[] }).parameters ?? []).map((p) => p.set);
      const used = parameterSets.filter((p) => refs.includes(p.id));
      try {
        registry.add({
          definitionId: row.definitionId,
          serviceType: row.serviceType,
          aliases: row.aliases,
          version: row.version,
          status: row.status,
          effectiveFrom: row.effectiveFrom,
          title: row.title,
          checksum: row.checksum,
          json: row.json,
          definition: loadDefinitionJson(row.json, used),
          parameterSets: used,
        });
      } catch (err) {
        this.logger.error(
          `Definition ${row.definitionId} v${row.version} failed validation and is not served: ${String(err)}`,
        );
      }
    }
    return registry;
  }

  /** Loads the registry now (call before a transaction: loading uses its own connection). */
  async ensureLoaded(): Promise<void> {
    await this.getRegistry();
  }

  async list(includeDrafts = false): Promise<DefinitionSummary[]> {
    const registry = await this.getRegistry();
    return registry
      .all()
      .filter((e) => includeDrafts || e.status !== 'draft')
      .map((e) => ({
        id: e.definitionId,
        serviceType: e.serviceType,
        version: e.version,
        status: e.status,
        title: e.title,
        effectiveFrom: e.effectiveFrom,
      }));
  }

  async resolveId(code: string): Promise<string> {
    return (await this.getRegistry()).resolveId(code);
  }

  /** The published definition for a service type (aliases; unknown → generic). */
  /** Today's business date (the server's clock), which chooses the version in force. */
  today(): string {
    return this.clock.today();
  }

  async published(serviceType: string, asOf: string = this.clock.today()): Promise<RegistryEntry> {
    const registry = await this.getRegistry();
    const entry =
      registry.published(registry.resolveId(serviceType), asOf) ??
      registry.published(GENERIC_DEFINITION_ID, asOf);
    if (!entry) throw new NotFoundException(`No published definition for ${serviceType}`);
    return entry;
  }

  async version(definitionId: string, version: number): Promise<RegistryEntry> {
    const entry = (await this.getRegistry()).get(definitionId, version);
    if (!entry) throw new NotFoundException(`Definition ${definitionId} v${version} is not available`);
    return entry;
  }

  /**
   * The version in force on `asOf` (default today): what a visitor's browser evaluates with, and
   * what `npm run evaluate -- --api <url> --as-of <day>` fetches so the CLI agrees with the server.
   * A day after today shows scheduled versions, which only staff may see before their date.
   */
  async publishedPayload(
    serviceType: string,
    asOfWanted?: string,
    isStaff = false,
  ): Promise<{ definition: Record<string, unknown>; parameterSets: ParameterSet[]; asOf: string }> {
    const today = this.clock.today();
    const asOf = asOfWanted ?? today;
    if (asOf > today && !isStaff)
      throw new ForbiddenException('Versions in force after today are shown to staff only');
    const entry = await this.published(serviceType, asOf);
    return { definition: entry.json, parameterSets: entry.parameterSets, asOf };
  }

  /** The engine's evaluation; an engine refusal (it names the problem) is a 422, not a server fault. */
  async evaluate(
    entry: RegistryEntry,
    answers: Record<string, unknown>,
    asOf: string,
  ): Promise<AssessmentEvaluation> {
    try {
      return await evaluateWith(entry.definition, answers, asOf);
    } catch (err) {
      this.logger.warn(
        `evaluation of ${entry.definitionId} v${entry.version} failed: ${err instanceof Error ? err.message : String(err)}`,
      );
      throw new UnprocessableEntityException(
        `These answers cannot be evaluated yet: ${err instanceof Error ? err.message : 'unknown problem'}`,
      );
    }
  }

  /** The definition as typed data (questions for answer validation, titles). */
  asDefinition(entry: RegistryEntry): AssessmentDefinition {
    return entry.json as unknown as AssessmentDefinition;
  }
}
