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

  /** The staff member who works on it (workbench, issue 30); null while unassigned. */
  @Index()
  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  assignee: User | null = null;

  /** When it entered its current status (SLA targets count from here). */
  @Property({ type: 'datetime', nullable: true })
  statusChangedAt: Date | null = null;

  /**
   * The statutory deadline read from the engine's stored evaluation (a date fact named by
   * definitions/workbench/claim-deadlines.json), YYYY-MM-DD; null when the result carries none.
   */
  @Index()
  @Property({ type: 'string', length: 10, nullable: true })
  deadline: string | null = null;

  @Property({ type: 'string', length: 200, nullable: true })
  deadlineLabel: string | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}
