import { randomUUID } from 'node:crypto';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from '../users/user.entity';

@Entity({ tableName: 'password_reset_tokens' })
export class PasswordResetToken {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne(() => User, { deleteRule: 'cascade' })
  user!: User;

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
