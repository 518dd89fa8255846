import { randomUUID } from 'node:crypto';
import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { User } from '../users/user.entity';
import { Assessment } from './assessment.entity';

// A document the client is asked for, made from the evaluation's documentRequirements.
@Entity({ tableName: 'document_task' })
@Unique({ properties: ['assessment', 'requirementId'] })
export class DocumentTask {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Assessment, deleteRule: 'cascade' })
  assessment!: Assessment;

  /** The requirement id of the definition (answered as `document_id`). */
  @Property({ type: 'string', length: 100 })
  requirementId!: string;

  @Property({ type: 'string', length: 300 })
  name!: string;

  @Property({ type: 'text' })
  description: string = '';

  @Property({ type: 'boolean' })
  required: boolean = true;

  @Property({ type: 'string', length: 20 })
  status: 'pending' | 'completed' = 'pending';

  @Property({ type: 'uuid', nullable: true })
  uploadedDocumentId: string | null = null;

  @Property({ type: 'integer' })
  sortOrder: number = 0;

  @Property({ type: 'datetime', nullable: true })
  completedAt: Date | null = null;

  // A document staff asked for on a claim (issue 30 §3): `description` says why, and the client
  // is e-mailed when it is asked for and reminded until it arrives. Null for the tasks the
  // assessment's definition made.
  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  requestedBy: User | null = null;

  /** When it is due (YYYY-MM-DD); set on staff requests. */
  @Property({ type: 'string', length: 10, nullable: true })
  dueDate: string | null = null;

  /** The last e-mail about it (the request itself, then each reminder): one per interval. */
  @Property({ type: 'datetime', nullable: true })
  lastRemindedAt: Date | null = null;

  /** When the one "overdue" e-mail went. */
  @Property({ type: 'datetime', nullable: true })
  overdueRemindedAt: Date | null = null;

  @Property({ type: 'integer' })
  reminderCount: number = 0;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
