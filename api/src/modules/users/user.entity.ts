import { randomUUID } from 'node:crypto';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

export const USER_ROLES = ['CLIENT', 'STAFF', 'ADMIN'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The spec's staff flag: true for STAFF and ADMIN. */
export function isStaffRole(role: UserRole): boolean {
  return role === 'STAFF' || role === 'ADMIN';
}

export interface NotificationPreferences {
  email_claim_updates: boolean;
  email_messages: boolean;
  email_news: boolean;
}

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  email_claim_updates: true,
  email_messages: true,
  email_news: false,
};

@Entity({ tableName: 'users' })
export class User {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  // Always stored lower-cased (see normaliseEmail).
  @Property({ type: 'string', length: 254, unique: true })
  email!: string;

  @Property({ type: 'string', length: 150 })
  username!: string;

  @Property({ type: 'string', length: 150, default: '' })
  displayName: string = '';

  @Property({ type: 'string', length: 500, nullable: true })
  avatar: string | null = null;

  @Index()
  @Property({ type: 'string', length: 16, default: 'CLIENT' })
  role: UserRole = 'CLIENT';

  @Property({ type: 'boolean', default: true })
  isActive: boolean = true;

  @Property({ type: 'string', length: 255, hidden: true })
  passwordHash!: string;

  @Property({ type: 'json' })
  notificationPreferences: NotificationPreferences = { ...DEFAULT_NOTIFICATION_PREFERENCES };

  @Property({ type: Date })
  dateJoined: Date = new Date();

  @Property({ type: Date, nullable: true })
  lastLogin: Date | null = null;

  // Set when the user erased their account: personal fields are blanked, held records kept.
  @Property({ type: Date, nullable: true })
  erasedAt: Date | null = null;

  @Property({ type: 'integer', version: true })
  version!: number;

  /** The spec's staff flag: true for STAFF and ADMIN. Derived, never stored or set. */
  get isStaff(): boolean {
    return isStaffRole(this.role);
  }
}

export function normaliseEmail(email: string): string {
  return email.trim().toLowerCase();
}
