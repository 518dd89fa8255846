import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import type { ClaimRoute } from '@reclaim/engine';
import { Claim } from '../claims/claim.entity';

// One draft claim document per route the result supports (issue 30 §1). The route's template,
// the facts and the answers are copied from the evaluation with the claim's pinned definition
// version when staff generate the drafts, so what the client signs cannot change under them; the
// filled draft (sections, items present or missing) is built from these on every read.
@Entity({ tableName: 'claim_draft' })
@Unique({ properties: ['claim', 'routeId'] })
export class ClaimDraft {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Index()
  @ManyToOne({ entity: () => Claim, deleteRule: 'cascade' })
  claim!: Claim;

  @Property({ type: 'string', length: 60 })
  routeId!: string;

  @Property({ type: 'string', length: 100 })
  definitionId!: string;

  @Property({ type: 'integer' })
  definitionVersion!: number;

  /** The route's template as the pinned definition version has it. */
  @Property({ type: 'json' })
  route!: ClaimRoute;

  @Property({ type: 'json', lazy: true })
  facts!: Record<string, unknown>;

  @Property({ type: 'json', lazy: true })
  answers!: Record<string, unknown>;

  /** The date the facts were evaluated on. */
  @Property({ type: 'string', length: 10 })
  evaluatedAsOf!: string;

  /** What the client supplied (UTRN, bank details, addresses …), by field. */
  @Property({ type: 'json' })
  clientFields: Record<string, string> = {};

  /** Staff's text of the editable sections, by section id. */
  @Property({ type: 'json' })
  staffTexts: Record<string, string> = {};

  @Property({ type: 'string', length: 200, nullable: true })
  signedName: string | null = null;

  /** The date the client typed beside the name (the server's today when signed). */
  @Property({ type: 'string', length: 10, nullable: true })
  signedDate: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  signedAt: Date | null = null;

  @Property({ type: 'uuid', nullable: true })
  signedById: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  signedIp: string | null = null;

  /** Storage key of the final PDF (made when signed). */
  @Property({ type: 'string', length: 64, nullable: true })
  pdfStorageName: string | null = null;

  @Property({ type: 'integer', nullable: true })
  pdfSize: number | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  pdfSha256: string | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
