import { randomUUID } from 'node:crypto';
import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
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

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
