import { randomUUID } from 'node:crypto';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from '../users/user.entity';
import { Claim } from '../claims/claim.entity';

// A conversation between one client and the firm, about a claim or general.
@Entity({ tableName: 'message_thread' })
export class MessageThread {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 200 })
  subject!: string;

  @ManyToOne({ entity: () => User, deleteRule: 'cascade' })
  client!: User;

  @ManyToOne({ entity: () => Claim, nullable: true, deleteRule: 'set null' })
  claim: Claim | null = null;

  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  createdBy: User | null = null;

  @Property({ type: 'datetime' })
  lastMessageAt: Date = new Date();

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
