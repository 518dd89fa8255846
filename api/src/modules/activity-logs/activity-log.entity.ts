import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from '../users/user.entity';

@Entity({ tableName: 'activity_logs' })
@Index({ properties: ['createdAt'] })
@Index({ properties: ['action', 'createdAt'] })
export class ActivityLog {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { nullable: true, deleteRule: 'set null' })
  user: User | null = null;

  @Property({ type: 'string', length: 64 })
  action!: string;

  @Property({ type: 'string', length: 64, nullable: true })
  targetType: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  targetId: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  ip: string | null = null;

  @Property({ type: 'string', length: 512, nullable: true })
  userAgent: string | null = null;

  @Property({ type: 'json', nullable: true })
  detail: Record<string, unknown> | null = null;

  @Property({ type: Date })
  createdAt: Date = new Date();
}
