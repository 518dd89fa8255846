import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

// Progress a running job reports (JobContext.progress), readable from every instance. The job's
// state lives in the queue (pg-boss on PostgreSQL, memory in-process); this row adds how far it got.
@Entity({ tableName: 'job_progress' })
export class JobProgress {
  @PrimaryKey({ type: 'string', length: 64 })
  id!: string;

  @Index()
  @Property({ type: 'string', length: 100 })
  queue!: string;

  // 0–100.
  @Property({ type: 'double' })
  percent: number = 0;

  @Property({ type: 'text', nullable: true })
  message: string | null = null;

  @Property({ type: Date })
  updatedAt: Date = new Date();
}
