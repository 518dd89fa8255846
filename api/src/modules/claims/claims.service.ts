import { EntityManager, LockMode, type FilterQuery } from '@mikro-orm/core';
import { BadRequestException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { AppConfig } from '../../config/config';
import { pageOf, pageWindow, type Page } from '../../common/pagination';
import { ValidationFailedException } from '../../common/validation';
import { ActivityLogService } from '../activity-logs/activity-logs.service';
import { recordStaffView } from '../admin/record-staff-view';
import { MailService } from '../mail/mail.service';
import { User } from '../users/user.entity';
import type { Assessment } from '../assessments/assessment.entity';
import { ClaimEvent } from './claim-event.entity';
import { Claim } from './claim.entity';
import { nextClaimReference } from './claim-reference';
import { ALLOWED_TRANSITIONS, STATUS_LABELS, isClaimStatus, statusesOfStage } from './claim-status';
import { toClaimResponse, type ClaimResponse } from './claim.serializer';
import type { ChangeClaimStatusDto, ListClaimsQueryDto } from './dto/claim.dto';
import { ownership } from '../../common/access';
import { claimDeadlineOf } from '../workbench/claim-deadlines';
import type { ClaimTemplates } from '@reclaim/engine';

export const ACTIVITY_CLAIM_STATUS_CHANGE = 'claim_status_change';

/** The first timeline note of a claim whose assessment found a refund or relief likely or possible. */
export const SUBMIT_NOTE = 'Assessment submitted by the client.';
/** The first timeline note of a claim whose assessment found a refund or relief unlikely. */
export const UNLIKELY_SUBMIT_NOTE =
  'Assessment submitted by the client. The assessment found a claim unlikely, so no documents are requested: an adviser will review the answers and say whether a claim is worth pursuing.';

/** What a new claim reads from the server's evaluation of the submitted answers. */
export interface SubmittedEvaluation {
  eligibility: { likelihood: string };
  value: { estimates: { low: number; median: number; high: number } };
}

function formatPounds(amount: number): string {
  return `£${amount.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/**
 * The amount repaid and fee of a move to paid: the amount is required then, and both are
 * refused with any other status (they describe a payment that has not happened).
 */
function repaymentOf(dto: ChangeClaimStatusDto): { amountRepaid: number; fee: number | null } | null {
  if (dto.status !== 'paid') {
    const given = (['amount_repaid', 'fee'] as const).filter((field) => dto[field] !== undefined);
    if (given.length > 0) {
      throw new ValidationFailedException(
        given.map((field) => ({
          field,
          message: `${field === 'fee' ? 'A fee' : 'An amount repaid'} is recorded only when a claim is paid`,
        })),
      );
    }
    return null;
  }
  if (dto.amount_repaid === undefined) {
    throw new ValidationFailedException([
      { field: 'amount_repaid', message: 'Enter the amount repaid: it is required when a claim is paid' },
    ]);
  }
  return { amountRepaid: dto.amount_repaid, fee: dto.fee ?? null };
}

@Injectable()
export class ClaimsService {
  private readonly logger = new Logger(ClaimsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly activity: ActivityLogService,
    private readonly mail: MailService,
    private readonly config: AppConfig,
  ) {}

  /**
   * The claim of a submitted assessment, inside the submit's transaction `tx`: the next reference
   * (RC-<year>-<n>; a collision fails the unique index and the submit tries again), the estimate
   * (none when the result is Unlikely: one story, no value shown), the first timeline entry by the
   * client, and the assessment's link to it. Persisted, not flushed: the submit flushes once.
   */
  async createForSubmittedAssessment(
    tx: EntityManager,
    assessment: Assessment,
    evaluation: SubmittedEvaluation,
    client: User,
    now: Date,
    claimTemplates?: ClaimTemplates,
  ): Promise<Claim> {
    const claim = new Claim();
    claim.reference = await nextClaimReference(tx, now);
    claim.assessment = assessment;
    claim.user = tx.getReference(User, client.id);
    claim.serviceType = assessment.serviceType;
    claim.serviceName = assessment.serviceName;
    claim.status = 'submitted';
    const unlikely = evaluation.eligibility.likelihood === 'Unlikely';
    const { estimates } = evaluation.value;
    const figure = (n: number): number | null => (!unlikely && Number.isFinite(n) ? n : null);
    claim.estimatedLow = figure(estimates.low);
    claim.estimatedMedian = figure(estimates.median);
    claim.estimatedHigh = figure(estimates.high);
    claim.createdAt = now;
    claim.statusChangedAt = now;
    // The statutory deadline the engine worked out (issue 30), named by the definitions.
    const deadline = claimDeadlineOf(assessment.assessmentType, assessment.results, claimTemplates);
    claim.deadline = deadline?.date ?? null;
    claim.deadlineLabel = deadline?.label ?? '';
    assessment.claimId = claim.id;
    tx.persist(claim);

    const event = new ClaimEvent();
    event.claim = claim;
    event.status = 'submitted';
    event.note = unlikely ? UNLIKELY_SUBMIT_NOTE : SUBMIT_NOTE;
    event.actor = tx.getReference(User, client.id);
    event.createdAt = now;
    tx.persist(event);
    return claim;
  }

  async list(user: User, query: ListClaimsQueryDto): Promise<Page<ClaimResponse>> {
    // A client's query is always scoped to its own claims; the user filter is staff-only.
    const where: FilterQuery<Claim> = ownership.list(
      user,
      'user',
      {},
      {
        owner: query.user,
        staffUnscoped: 'all',
      },
    );
    if (query.status) where.status = query.status;
    else if (query.stage) where.status = { $in: [...statusesOfStage(query.stage)] };
    if (query.search && user.isStaff) {
      const like = `%${query.search.replace(/[%_\\]/g, (c) => `\\${c}`)}%`;
      where.$or = [
        { reference: { $like: like } },
        { user: { email: { $like: like } } },
        { user: { displayName: { $like: like } } },
      ];
    }
    const { limit, offset } = pageWindow(query);
    const [rows, count] = await this.em.findAndCount(Claim, where, {
      limit,
      offset,
      orderBy: { createdAt: 'desc', id: 'asc' },
      populate: ['user', 'assessment'],
    });
    return pageOf(
      rows.map((c) => toClaimResponse(c)),
      count,
      query,
    );
  }

  private async findReadable(user: User, id: string): Promise<Claim> {
    const where = ownership.record(user, 'user', { id }) as FilterQuery<Claim>;
    const claim = await this.em.findOne(Claim, where, { populate: ['user', 'assessment'] });
    if (!claim) throw new NotFoundException('Claim not found');
    return claim;
  }

  private async timeline(claim: Claim): Promise<ClaimEvent[]> {
    return this.em.find(
      ClaimEvent,
      { claim: claim.id },
      { orderBy: { createdAt: 'asc', id: 'asc' }, populate: ['actor'] },
    );
  }

  async get(user: User, id: string, request?: FastifyRequest): Promise<ClaimResponse> {
    const claim = await this.findReadable(user, id);
    await recordStaffView({
      activity: this.activity,
      viewer: user,
      ownerId: claim.user.id,
      targetType: 'claim',
      targetId: claim.id,
      request,
    });
    return toClaimResponse(claim, await this.timeline(claim));
  }

  /** Staff move a claim to an allowed next status; the change is a timeline entry and an activity row. */
  async changeStatus(
    staff: User,
    id: string,
    dto: ChangeClaimStatusDto,
    request?: FastifyRequest,
  ): Promise<ClaimResponse> {
    const claim = await this.em.transactional(async (em) => {
      // The row is locked until the commit (PostgreSQL; SQLite has one writer), so two changes
      // sent at once are decided one after the other on the status the first one left.
      const found = await em.findOne(
        Claim,
        { id },
        this.config.database.driver === 'postgresql' ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
      );
      if (!found) throw new NotFoundException('Claim not found');
      await em.populate(found, ['user', 'assessment']);
      const from = found.status;
      const allowed = isClaimStatus(from) ? ALLOWED_TRANSITIONS[from] : [];
      if (!allowed.includes(dto.status)) {
        throw new BadRequestException({
          message: `A claim cannot move from ${from} to ${dto.status}`,
          errors: [
            {
              field: 'status',
              message: allowed.length
                ? `must be one of ${allowed.join(', ')}`
                : `no change is possible from ${from}`,
            },
          ],
        });
      }
      const repayment = repaymentOf(dto);
      found.status = dto.status;
      found.statusChangedAt = new Date();
      if (repayment) {
        found.amountRepaid = repayment.amountRepaid;
        found.fee = repayment.fee;
      }
      const event = new ClaimEvent();
      event.claim = found;
      event.status = dto.status;
      event.note = (dto.note ?? '').trim();
      event.actor = em.getReference(User, staff.id);
      em.persist(event);
      this.activity.persist(em, {
        user: staff,
        action: ACTIVITY_CLAIM_STATUS_CHANGE,
        targetType: 'claim',
        targetId: found.id,
        detail: {
          from,
          to: dto.status,
          reference: found.reference,
          client_id: found.user.id,
          ...(repayment ? { amount_repaid: repayment.amountRepaid, fee: repayment.fee } : {}),
        },
        request: request ?? null,
      });
      return found;
    });
    await this.notifyClient(claim, dto.note);
    return toClaimResponse(claim, await this.timeline(claim));
  }

  private async notifyClient(claim: Claim, note: string | undefined): Promise<void> {
    const client = claim.user;
    if (!client.isActive || client.notificationPreferences?.email_claim_updates === false) return;
    const label = isClaimStatus(claim.status) ? STATUS_LABELS[claim.status] : claim.status;
    const lines = [
      `Hello ${client.displayName || client.username},`,
      '',
      `Your ${claim.serviceName || 'claim'} (reference ${claim.reference}) is now: ${label}.`,
      ...(claim.status === 'paid' && claim.amountRepaid !== null
        ? [
            '',
            `Amount repaid: ${formatPounds(claim.amountRepaid)}` +
              (claim.fee !== null ? `; our fee: ${formatPounds(claim.fee)}.` : '.'),
          ]
        : []),
      ...(note && note.trim() ? ['', 'Note from our team:', note.trim()] : []),
      '',
      `See the details in your portal: ${this.config.publicUrl}/portal/applications`,
      '',
      'Reclaim',
    ];
    try {
      await this.mail.send({
        to: client.email,
        subject: `Update on ${claim.reference}: ${label}`,
        text: lines.join('\n'),
      });
    } catch (err) {
      // The change is committed; a mail failure is logged, not reported as a failed change.
      this.logger.error({ err, claim: claim.id }, 'could not e-mail the claim update');
    }
  }
}
