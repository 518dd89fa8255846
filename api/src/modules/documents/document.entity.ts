import { randomUUID } from 'node:crypto';
import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import { User } from '../users/user.entity';

// An uploaded file. The bytes live under DATA_DIR/uploads/<storage_name>; storage_name is a
// server-generated UUID and never derives from the client's file name.
@Entity({ tableName: 'document' })
export class Document {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => User, deleteRule: 'cascade' })
  owner!: User;

  @ManyToOne({ entity: () => User, nullable: true, deleteRule: 'set null' })
  uploadedBy: User | null = null;

  /** The client's file name, reduced to a safe display name (no path parts). */
  @Property({ type: 'string', length: 255 })
  filename!: string;

  @Property({ type: 'string', length: 64 })
  storageName!: string;

  @Property({ type: 'string', length: 120 })
  contentType!: string;

  @Property({ type: 'integer' })
  size!: number;

  @Property({ type: 'string', length: 64 })
  sha256!: string;

  @Property({ type: 'uuid', nullable: true })
  claimId: string | null = null;

  @Property({ type: 'uuid', nullable: true })
  assessmentId: string | null = null;

  @Property({ type: 'datetime' })
  uploadedAt: Date = new Date();
}
