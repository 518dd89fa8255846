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

  // `json`, not PostgreSQL's `jsonb`: a definition's key order is its layout (decisions §121).
  @Property({ type: 'json', columnType: 'json', lazy: true })
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

  /**
   * Optimistic lock (issue 25): MikroORM adds `where row_version = ?` to every UPDATE of the row
   * and bumps it, so two writes that both read the row can never merge their changed columns
   * (an edit's content with a publish's status). The writes also hold the row lock
   * (AdviserService.writing); this is what holds if one ever does not.
   */
  @Property({ type: 'integer', version: true })
  rowVersion!: Opt<number>;
}

// A dated tax parameter file (definitions/parameters/<id>.json). Values carry their own from/to
// dates and are only ever appended, so the newest file answers past dates as the older did.
@Entity({ tableName: 'parameter_set' })
export class ParameterSetRecord {
  @PrimaryKey({ type: 'string', length: 100 })
  id!: string;

  // `json`, not PostgreSQL's `jsonb`: a definition's key order is its layout (decisions §121).
  @Property({ type: 'json', columnType: 'json', lazy: true })
  json!: Record<string, unknown>;

  @Property({ type: 'string', length: 64 })
  checksum!: string;

  @Property({ type: 'datetime' })
  updatedAt: Date = new Date();

  /**
   * The checksum of the file under definitions/parameters/ last stored here (issue 9). The seed
   * replaces the stored set only when its file changed AND no adviser published since, so a
   * restart never undoes a change made in the studio.
   */
  @Property({ type: 'string', length: 64, nullable: true })
  seededChecksum: string | null = null;

  /** Who published the stored set from the studio last (null: it came from the file). */
  @Property({ type: 'uuid', nullable: true })
  updatedById: string | null = null;
}

// The open studio draft of one parameter set (issue 9, points 1 and 6): at most one per set. It
// goes through the same four-eyes review as a definition draft, then replaces the stored set.
@Entity({ tableName: 'parameter_set_draft' })
export class ParameterSetDraft {
  @PrimaryKey({ type: 'string', length: 100 })
  setId!: string;

  // `json`, not PostgreSQL's `jsonb`: a definition's key order is its layout (decisions §121).
  @Property({ type: 'json', columnType: 'json', lazy: true })
  json!: Record<string, unknown>;

  @Property({ type: 'string', length: 64 })
  checksum!: string;

  /** The checksum of the published set this draft started from; publish refuses another one. */
  @Property({ type: 'string', length: 64 })
  baseChecksum!: string;

  @Property({ type: 'string', length: 20, default: 'editing' })
  reviewState: Opt<'editing' | 'submitted' | 'approved'> = 'editing';

  @Property({ type: 'text', nullable: true })
  releaseNote: string | null = null;

  @Property({ type: 'string', length: 2000, nullable: true })
  sourceUrl: string | null = null;

  @Property({ type: 'uuid', nullable: true })
  lastEditedById: string | null = null;

  @Property({ type: 'datetime' })
  lastEditedAt: Date = new Date();

  @Property({ type: 'uuid', nullable: true })
  submittedById: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  submittedAt: Date | null = null;

  @Property({ type: 'uuid', nullable: true })
  approvedById: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  approvedAt: Date | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  approvedChecksum: string | null = null;

  /** Optimistic lock, as DefinitionVersion.rowVersion (issue 25). */
  @Property({ type: 'integer', version: true })
  rowVersion!: Opt<number>;
}

// Every parameter set a studio publish replaced, with who and why: an audit trail and the
// content a rollback draft starts from.
@Entity({ tableName: 'parameter_set_version' })
@Index({ properties: ['setId', 'replacedAt'] })
export class ParameterSetVersion {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 100 })
  setId!: string;

  /** The set as it was before the publish. */
  // `json`, not PostgreSQL's `jsonb`: a definition's key order is its layout (decisions §121).
  @Property({ type: 'json', columnType: 'json', lazy: true })
  json!: Record<string, unknown>;

  @Property({ type: 'string', length: 64 })
  checksum!: string;

  /** The checksum of the set that replaced it. */
  @Property({ type: 'string', length: 64 })
  replacedByChecksum!: string;

  @Property({ type: 'datetime' })
  replacedAt: Date = new Date();

  @Property({ type: 'uuid', nullable: true })
  publishedById: string | null = null;

  @Property({ type: 'uuid', nullable: true })
  approvedById: string | null = null;

  @Property({ type: 'text', nullable: true })
  releaseNote: string | null = null;

  @Property({ type: 'string', length: 2000, nullable: true })
  sourceUrl: string | null = null;
}
