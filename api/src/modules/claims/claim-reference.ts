import type { EntityManager } from '@mikro-orm/core';
import { Claim } from './claim.entity';

/**
 * RC-<year>-<6 digits>, sequential within the year. Two transactions racing for the same number
 * collide on the unique reference and the loser retries (the submit loop does).
 */
export async function nextClaimReference(em: EntityManager, now: Date): Promise<string> {
  const year = now.getUTCFullYear();
  const prefix = `RC-${year}-`;
  const last = await em.findOne(
    Claim,
    { reference: { $like: `${prefix}%` } },
    { orderBy: { reference: 'desc' }, fields: ['reference'] },
  );
  const lastNumber = last ? Number(last.reference.slice(prefix.length)) : 0;
  const next = (Number.isFinite(lastNumber) ? lastNumber : 0) + 1;
  return `${prefix}${String(next).padStart(6, '0')}`;
}
