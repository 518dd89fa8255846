import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { AuthSession } from './auth-session.entity';

@Entity({ tableName: 'refresh_tokens' })
export class RefreshToken {
  // The token's jti.
  @PrimaryKey({ type: 'uuid' })
  id!: string;

  // The family.
  @ManyToOne(() => AuthSession, { deleteRule: 'cascade' })
  session!: AuthSession;

  // sha256 of the whole signed token; the token itself is never stored.
  @Property({ type: 'string', length: 64 })
  tokenHash!: string;

  @Property({ type: 'uuid', nullable: true })
  parentId: string | null = null;

  @Property({ type: Date })
  issuedAt!: Date;

  @Property({ type: Date })
  expiresAt!: Date;

  // Set when this token was rotated; within the grace period a replay gets the same child.
  @Property({ type: 'uuid', nullable: true })
  replacedById: string | null = null;

  @Property({ type: Date, nullable: true })
  replacedAt: Date | null = null;
}
