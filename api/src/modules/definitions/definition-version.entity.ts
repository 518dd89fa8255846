import { randomUUID } from 'node:crypto';
import { Entity, Index, PrimaryKey, Property, Unique } from '@mikro-orm/core';

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
