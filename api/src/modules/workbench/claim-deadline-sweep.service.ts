import { EntityManager } from '@mikro-orm/core';
import { Injectable, Logger, OnModuleDestroy, OnModuleInit } from '@nestjs/common';
import { Clock } from '../../common/clock';
import { flattenAnswers } from '../assessments/validate-answers';
import { ClaimEvent } from '../claims/claim-event.entity';
import { Claim } from '../claims/claim.entity';
import { DefinitionsService } from '../definitions/definitions.service';
import { JobQueue } from '../jobs/job-queue';
import { PeriodicSweep } from '../jobs/periodic-sweep';
import { claimDeadlineOf } from './claim-deadlines';

export const CLAIM_DEADLINES_QUEUE = 'claim-deadlines';
/** How often each instance asks for a sweep (one sweep runs at a time, whoever asked). */
const SWEEP_EVERY_MS = 60 * 60_000;
const ENDED_STATUSES = ['paid', 'rejected', 'withdrawn'];
const BATCH = 200;

export interface DeadlineSweepResult {
  moved: number;
}

/**
 * A claim's stored deadline is the time limit of the route it would be filed under. When that
 * route's window closes on an open claim, this background job (the same job queue as document
 * reminders: pg-boss on PostgreSQL, in-process on SQLite) evaluates the claim's answers again with
 * the definition version it was submitted under, on today's date, and moves the stored deadline
 * on to the time limit of the route open now, with a timeline entry saying so. A claim with no
 * later route keeps its passed deadline (the workbench shows it as passed). Each move is a
 * conditional update on the old deadline, so two sweeps at once move a claim once.
 */
@Injectable()
export class ClaimDeadlineSweepService implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(ClaimDeadlineSweepService.name);
  private readonly sweeper: PeriodicSweep;

  constructor(
    private readonly em: EntityManager,
    private readonly clock: Clock,
    private readonly definitions: DefinitionsService,
    jobs: JobQueue,
  ) {
    this.sweeper = new PeriodicSweep(jobs, {
      queue: CLAIM_DEADLINES_QUEUE,
      everyMs: SWEEP_EVERY_MS,
      run: () => this.sweep(),
      what: 'a claim deadline sweep',
      logger: this.logger,
    });
  }

  onModuleInit(): Promise<void> {
    return this.sweeper.start();
  }

  onModuleDestroy(): void {
    this.sweeper.stop();
  }

  /** Queues a sweep unless one is already queued or running. */
  requestSweep(): Promise<string | null> {
    return this.sweeper.request();
  }

  /** Moves on the deadline of every open claim whose stored deadline has passed. */
  async sweep(): Promise<DeadlineSweepResult> {
    const today = this.clock.today();
    let moved = 0;
    let after = '';
    for (;;) {
      const em = this.em.fork();
      const claims = await em.find(
        Claim,
        {
          deadline: { $lt: today },
          status: { $nin: ENDED_STATUSES },
          // a uuid column: PostgreSQL refuses '' (the first batch has no lower bound)
          ...(after ? { id: { $gt: after } } : {}),
        },
        { orderBy: { id: 'asc' }, limit: BATCH, populate: ['assessment'] },
      );
      if (claims.length === 0) break;
      after = claims.at(-1)!.id;
      for (const claim of claims) {
        try {
          if (await this.moveOn(em, claim, today)) moved++;
        } catch (err) {
          this.logger.error({ err, claim: claim.id }, 'could not move on a claim deadline');
        }
      }
    }
    return { moved };
  }

  private async moveOn(em: EntityManager, claim: Claim, today: string): Promise<boolean> {
    const assessment = claim.assessment;
    const old = claim.deadline!;
    const entry = await this.definitions.version(assessment.assessmentType, assessment.definitionVersion);
    const evaluation = await this.definitions.evaluate(entry, flattenAnswers(assessment.answers), today);
    const next = claimDeadlineOf(
      assessment.assessmentType,
      { facts: evaluation.facts },
      entry.definition.claims,
    );
    if (!next || next.date <= old || next.date < today) return false;
    return em.transactional(async (tx) => {
      const changed = await tx.nativeUpdate(
        Claim,
        { id: claim.id, deadline: old },
        { deadline: next.date, deadlineLabel: next.label },
      );
      if (changed !== 1) return false;
      const event = new ClaimEvent();
      event.claim = tx.getReference(Claim, claim.id);
      event.status = claim.status;
      event.note = `The time limit of ${claim.deadlineLabel || 'the claim’s route'} passed on ${old}; the deadline is now ${next.date}: ${next.label}.`;
      event.actor = null;
      event.createdAt = this.clock.now();
      tx.persist(event);
      return true;
    });
  }
}
