import { randomUUID } from 'node:crypto';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from '../users/user.entity';
import { MessageThread } from './message-thread.entity';

@Entity({ tableName: 'message' })
export class Message {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => MessageThread, deleteRule: 'cascade' })
  thread!: MessageThread;

  @ManyToOne({ entity: () => User, deleteRule: 'cascade' })
  sender!: User;

  /** True when a staff member wrote it (the firm's side of the thread). */
  @Property({ type: 'boolean' })
  fromFirm: boolean = false;

  @Property({ type: 'text' })
  body!: string;

  /** The template it was made from (issue 30 §3), and which version of it. */
  @Property({ type: 'string', length: 100, nullable: true })
  templateKey: string | null = null;

  @Property({ type: 'integer', nullable: true })
  templateVersion: number | null = null;

  /** When the other side read it. */
  @Property({ type: 'datetime', nullable: true })
  readAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
