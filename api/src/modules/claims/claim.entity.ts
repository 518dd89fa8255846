import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, OneToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from '../users/user.entity';
import { Assessment } from '../assessments/assessment.entity';

@Entity({ tableName: 'claim' })
export class Claim {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Property({ type: 'string', length: 20, unique: true })
  reference!: string;

  // Unique: one claim per assessment, enforced by the database (SECURITY.md row 18).
  @OneToOne({ entity: () => Assessment, owner: true, unique: true, deleteRule: 'cascade' })
  assessment!: Assessment;

  @ManyToOne({ entity: () => User, deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'string', length: 100 })
  serviceType!: string;

  @Property({ type: 'string', length: 200 })
  serviceName: string = '';

  @Index()
  @Property({ type: 'string', length: 30 })
  status: string = 'submitted';

  @Property({ type: 'double', nullable: true })
  estimatedLow: number | null = null;

  @Property({ type: 'double', nullable: true })
  estimatedMedian: number | null = null;

  @Property({ type: 'double', nullable: true })
  estimatedHigh: number | null = null;

  // Recorded by staff when the claim is paid, in pounds like the estimate (2 decimal places).
  @Property({ type: 'double', nullable: true })
  amountRepaid: number | null = null;

  @Property({ type: 'double', nullable: true })
  fee: number | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
