import { randomUUID } from 'node:crypto';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from '../users/user.entity';

// One login = one session = one refresh-token family. Access tokens carry its id (sid),
// so revoking the session ends both the refresh chain and every access token issued from it.
@Entity({ tableName: 'auth_sessions' })
export class AuthSession {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'boolean', default: false })
  remember: boolean = false;

  @Property({ type: Date })
  createdAt: Date = new Date();

  // Hard maximum: no refresh token of this family outlives it.
  @Property({ type: Date })
  expiresAt!: Date;

  @Property({ type: Date, nullable: true })
  revokedAt: Date | null = null;

  @Property({ type: 'string', length: 32, nullable: true })
  revokeReason: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  ip: string | null = null;

  @Property({ type: 'string', length: 512, nullable: true })
  userAgent: string | null = null;
}
