import type { EntityManager } from '@mikro-orm/core';
import { clampPercent } from './job-queue';
import { JobProgress } from './job-progress.entity';

/** Upserts a job's progress row (both queue kinds keep progress in the database). */
export async function saveProgress(
  em: EntityManager,
  row: { id: string; queue: string; percent: number; message: string | null },
): Promise<void> {
  await em.upsert(JobProgress, {
    id: row.id,
    queue: row.queue,
    percent: clampPercent(row.percent),
    message: row.message,
    updatedAt: new Date(),
  });
}

export async function readProgress(
  em: EntityManager,
  id: string,
): Promise<{ percent: number; message: string | null } | null> {
  const row = await em.findOne(JobProgress, { id });
  return row ? { percent: row.percent, message: row.message } : null;
}
