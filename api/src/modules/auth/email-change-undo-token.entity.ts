import { randomUUID } from 'node:crypto';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from '../users/user.entity';

/**
 * A way back from an e-mail change, sent to the OLD address (issue 10, SECURITY row 30): whoever
 * changed the address with a stolen session, the owner can restore it and end every session.
 * Single use, 7 days; only the token's hash is stored.
 */
@Entity({ tableName: 'email_change_undo_tokens' })
export class EmailChangeUndoToken {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

  @Property({ type: 'string', length: 254 })
  oldEmail!: string;

  @Property({ type: 'string', length: 254 })
  newEmail!: string;

  // sha256 of the token sent by e-mail.
  @Property({ type: 'string', length: 64, unique: true })
  tokenHash!: string;

  @Property({ type: Date })
  createdAt: Date = new Date();

  @Property({ type: Date })
  expiresAt!: Date;

  @Property({ type: Date, nullable: true })
  usedAt: Date | null = null;
}
