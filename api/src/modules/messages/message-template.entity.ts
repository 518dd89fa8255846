import { randomUUID } from 'node:crypto';
import { Entity, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { User } from '../users/user.entity';

// One saved version of a message template (issue 30 §3). Staff never change a row: each save adds
// the next version, the highest version of a key is the one in use, and every message sent from a
// template records the version it was made from.
@Entity({ tableName: 'message_template' })
@Unique({ properties: ['key', 'version'] })
export class MessageTemplate {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 100 })
  key!: string;

  @Property({ type: 'integer' })
  version!: number;

  /** What staff see in the list. */
  @Property({ type: 'string', length: 200 })
  name!: string;

  @Property({ type: 'string', length: 200 })
  subject!: string;

  @Property({ type: 'text' })
  body!: string;

  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  createdBy: User | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
