import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, PrimaryKey, Property, Unique } from '@mikro-orm/core';
import { Claim } from '../claims/claim.entity';
import { User } from '../users/user.entity';

/** An admin's target for how long a claim may stay in one status, in working days (Mon–Fri). */
@Entity({ tableName: 'sla_target' })
export class SlaTarget {
  @PrimaryKey({ type: 'string', length: 30 })
  status!: string;

  @Property({ type: 'integer' })
  workingDays!: number;

  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  updatedBy: User | null = null;

  @Property({ type: 'datetime' })
  updatedAt: Date = new Date();
}

/** What a saved view filters (the workbench query's filter fields, without paging). */
export interface SavedViewFilters {
  status?: string;
  service?: string;
  assignee?: string;
  due?: string;
  search?: string;
}

/** A staff member's named filter set on the workbench. */
@Entity({ tableName: 'saved_view' })
@Unique({ properties: ['owner', 'name'] })
export class SavedView {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => User, deleteRule: 'cascade' })
  owner!: User;

  @Property({ type: 'string', length: 80 })
  name!: string;

  @Property({ type: 'json' })
  filters: SavedViewFilters = {};

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

/** A staff member who takes new claims of a service (round-robin assignment). */
@Entity({ tableName: 'service_staff' })
@Unique({ properties: ['serviceType', 'user'] })
export class ServiceStaff {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Index()
  @Property({ type: 'string', length: 100 })
  serviceType!: string;

  @ManyToOne({ entity: () => User, deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}

/**
 * The round-robin position of a service: how many claims of it have been auto-assigned. A new
 * claim's transaction increments it with one UPDATE (the row lock serialises concurrent submits)
 * and takes the staff member at (position - 1) mod n.
 */
@Entity({ tableName: 'assignment_cursor' })
export class AssignmentCursor {
  @PrimaryKey({ type: 'string', length: 100 })
  serviceType!: string;

  @Property({ type: 'integer' })
  position: number = 0;
}

/** One change of a claim's assignee (the timeline shows them). */
@Entity({ tableName: 'claim_assignment' })
export class ClaimAssignment {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => Claim, deleteRule: 'cascade' })
  claim!: Claim;

  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  fromUser: User | null = null;

  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  toUser: User | null = null;

  /** Null for an automatic (round-robin) assignment. */
  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  actor: User | null = null;

  @Property({ type: 'boolean' })
  automatic: boolean = false;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();
}
