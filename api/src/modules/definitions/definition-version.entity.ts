import { randomUUID } from 'node:crypto';
import { Entity, Index, type Opt, PrimaryKey, Property, Unique } from '@mikro-orm/core';

// One version of an assessment definition (D7). A published version is never changed: seeding
// refuses a file whose checksum differs from the stored one for the same id and version.
@Entity({ tableName: 'definition_version' })
@Unique({ properties: ['definitionId', 'version'] })
export class DefinitionVersion {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  /** Assessment type code of the definition (sdlt_refund, cgt_assessment, generic …). */
  @Index()
  @Property({ type: 'string', length: 100 })
  definitionId!: string;

  /** Service type code of the catalogue (cgt_reclaim for CGT). */
  @Property({ type: 'string', length: 100 })
  serviceType!: string;

  @Property({ type: 'json' })
  aliases: string[] = [];

  @Property({ type: 'integer' })
  version!: number;

  @Property({ type: 'string', length: 20 })
  status!: 'draft' | 'published' | 'retired';

  @Property({ type: 'string', length: 10 })
  effectiveFrom!: string;

  @Property({ type: 'string', length: 300 })
  title!: string;

  @Property({ type: 'json', lazy: true })
  json!: Record<string, unknown>;

  @Property({ type: 'string', length: 64 })
  checksum!: string;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  // Release workflow (issue 9): a draft is edited, submitted with a note and a source, approved by
  // another adviser against its checksum, then published (now or on a later date). Users are kept
  // as plain ids (no foreign key): a history outlives an erased account; names are looked up.

  /** editing → submitted → approved → published (a save of the draft goes back to editing). */
  @Property({ type: 'string', length: 20, default: 'editing' })
  reviewState: Opt<'editing' | 'submitted' | 'approved' | 'published'> = 'editing';

  @Property({ type: 'text', nullable: true })
  releaseNote: string | null = null;

  @Property({ type: 'string', length: 2000, nullable: true })
  sourceUrl: string | null = null;

  @Property({ type: 'uuid', nullable: true })
  submittedById: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  submittedAt: Date | null = null;

  @Property({ type: 'uuid', nullable: true })
  approvedById: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  approvedAt: Date | null = null;

  /** The draft checksum the approver saw; publish refuses when the draft no longer has it. */
  @Property({ type: 'string', length: 64, nullable: true })
  approvedChecksum: string | null = null;

  /** Who saved the draft last (the last editor may not approve it either). */
  @Property({ type: 'uuid', nullable: true })
  updatedById: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  updatedAt: Date | null = null;
}

// A dated tax parameter file (definitions/parameters/<id>.json). Values carry their own from/to
// dates and are only ever appended, so the newest file answers past dates as the older did.
@Entity({ tableName: 'parameter_set' })
export class ParameterSetRecord {
  @PrimaryKey({ type: 'string', length: 100 })
  id!: string;

  @Property({ type: 'json', lazy: true })
  json!: Record<string, unknown>;

  @Property({ type: 'string', length: 64 })
  checksum!: string;

  @Property({ type: 'datetime' })
  updatedAt: Date = new Date();
}
