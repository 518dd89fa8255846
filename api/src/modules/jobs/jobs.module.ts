import { MikroORM } from '@mikro-orm/core';
import { type BeforeApplicationShutdown, Global, Inject, Module } from '@nestjs/common';
import { ClusterEvents } from '../../common/cluster/cluster-events';
import { AppConfig } from '../../config/config';
import { InProcessJobQueue } from './in-process-job-queue';
import { JobQueue } from './job-queue';
import { PgBossJobQueue } from './pg-boss-job-queue';

function createJobQueue(config: AppConfig, orm: MikroORM, cluster: ClusterEvents): JobQueue {
  return config.database.driver === 'postgresql' && config.database.url
    ? new PgBossJobQueue(config.database.url, orm, cluster)
    : new InProcessJobQueue(orm);
}

// Inject `JobQueue` (enqueue, work, status, cancel): pg-boss on PostgreSQL, in-process on SQLite.
@Global()
@Module({
  providers: [
    { provide: JobQueue, useFactory: createJobQueue, inject: [AppConfig, MikroORM, ClusterEvents] },
  ],
  exports: [JobQueue],
})
export class JobsModule implements BeforeApplicationShutdown {
  constructor(@Inject(JobQueue) private readonly jobs: JobQueue) {}

  // Before any module closes its connections (those close in onApplicationShutdown).
  beforeApplicationShutdown(): Promise<void> {
    return this.jobs.stop();
  }
}
