import { randomUUID } from 'node:crypto';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from '../users/user.entity';
import { Claim } from './claim.entity';

// One entry of a claim's timeline: who moved it to which status, when, and why.
@Entity({ tableName: 'claim_event' })
export class ClaimEvent {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Claim, deleteRule: 'cascade' })
  claim!: Claim;

  @Property({ type: 'string', length: 30 })
  status!: string;

  @Property({ type: 'text' })
  note: string = '';

  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  actor: User | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
