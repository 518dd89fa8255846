import { EntityManager } from '@mikro-orm/core';
import { Injectable } from '@nestjs/common';
import type { Claim } from '../claims/claim.entity';
import { User } from '../users/user.entity';
import { ClaimAssignment, ServiceStaff } from './workbench.entities';

/** Active staff members (any staff role) who take claims of a service, in a stable order. */
export async function staffOfService(em: EntityManager, serviceType: string): Promise<User[]> {
  const rows = await em.find(
    ServiceStaff,
    { serviceType, user: { isActive: true, role: { $in: ['STAFF', 'ADMIN'] } } },
    { populate: ['user'], orderBy: { user: { id: 'asc' } } },
  );
  return rows.map((r) => r.user);
}

@Injectable()
export class AssignmentService {
  /**
   * The next staff member of the service's round robin, inside the caller's transaction `tx`.
   * The cursor row is created if missing, then incremented by one UPDATE: on PostgreSQL the row
   * lock that UPDATE takes is held until `tx` commits, so a concurrent submit waits and reads the
   * next position; SQLite has one writer. Null when nobody takes the service.
   */
  async nextAssignee(tx: EntityManager, serviceType: string): Promise<User | null> {
    const staff = await staffOfService(tx, serviceType);
    if (staff.length === 0) return null;
    const conn = tx.getConnection();
    const ctx = tx.getTransactionContext<unknown>();
    await conn.execute(
      'insert into assignment_cursor (service_type, position) values (?, 0) on conflict (service_type) do nothing',
      [serviceType],
      'run',
      ctx,
    );
    await conn.execute(
      'update assignment_cursor set position = position + 1 where service_type = ?',
      [serviceType],
      'run',
      ctx,
    );
    const rows = (await conn.execute(
      'select position from assignment_cursor where service_type = ?',
      [serviceType],
      'all',
      ctx,
    )) as { position: number | string }[];
    const position = Number(rows[0]?.position ?? 1);
    return staff[(position - 1) % staff.length] ?? null;
  }

  /** A new claim's automatic assignment (persisted in `tx`, not flushed). */
  async assignNew(tx: EntityManager, claim: Claim, now: Date): Promise<void> {
    const to = await this.nextAssignee(tx, claim.serviceType);
    if (!to) return;
    claim.assignee = to;
    const row = new ClaimAssignment();
    row.claim = claim;
    row.toUser = to;
    row.automatic = true;
    row.createdAt = now;
    tx.persist(row);
  }

  /** Records a manual change of assignee (persisted in `tx`, not flushed). */
  record(tx: EntityManager, claim: Claim, from: User | null, to: User | null, actor: User): void {
    const row = new ClaimAssignment();
    row.claim = claim;
    row.fromUser = from ? tx.getReference(User, from.id) : null;
    row.toUser = to ? tx.getReference(User, to.id) : null;
    row.actor = tx.getReference(User, actor.id);
    row.createdAt = new Date();
    tx.persist(row);
  }
}
