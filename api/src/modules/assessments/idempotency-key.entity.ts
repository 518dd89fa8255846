import { randomUUID } from 'node:crypto';
import { Entity, PrimaryKey, Property, Unique } from '@mikro-orm/core';

// An Idempotency-Key seen on a submit: the same key always answers the same claim, and a key
// reused for another assessment is refused.
@Entity({ tableName: 'idempotency_key' })
@Unique({ properties: ['userId', 'key'] })
export class IdempotencyKey {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'uuid' })
  userId!: string;

  @Property({ type: 'string', length: 255 })
  key!: string;

  @Property({ type: 'uuid' })
  assessmentId!: string;

  @Property({ type: 'uuid' })
  claimId!: string;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
