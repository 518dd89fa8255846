import { Entity, PrimaryKey, Property } from '@mikro-orm/core';

// The table rate-limiter-flexible's SQLite and PostgreSQL stores read and write (their own column
// names and types). Declared here so migrations create it like every other table; the app never
// loads it through the ORM.
@Entity({ tableName: 'rate_limits' })
export class RateLimitRecord {
  @PrimaryKey({ type: 'string', length: 255 })
  key!: string;

  @Property({ type: 'integer', default: 0 })
  points: number = 0;

  // Epoch milliseconds; null = never expires.
  @Property({ type: 'bigint', nullable: true })
  expire: string | null = null;
}
