import { createHash, randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { EntityManager, LockMode, type FilterQuery } from '@mikro-orm/core';
import { ConflictException, Injectable, Logger, NotFoundException } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { buildClaimDraft, claimRoutesFor, type ClaimDraftContent } from '@reclaim/engine';
import { ownership } from '../../common/access';
import { Clock } from '../../common/clock';
import { AppConfig } from '../../config/config';
import { clientIp } from '../../common/request';
import { ValidationFailedException } from '../../common/validation';
import { ActivityLogService } from '../activity-logs/activity-logs.service';
import { recordStaffView } from '../admin/record-staff-view';
import { DocumentTask } from '../assessments/document-task.entity';
import { flattenAnswers } from '../assessments/validate-answers';
import { ClaimEvent } from '../claims/claim-event.entity';
import { Claim } from '../claims/claim.entity';
import { jsonChecksum } from '../definitions/checksum';
import { DefinitionsService } from '../definitions/definitions.service';
import { FileStorage, StoredFileNotFoundError } from '../storage/file-storage';
import { User as UserEntity, type User } from '../users/user.entity';
import { ClaimDraft } from './claim-draft.entity';
import { renderClaimPdf } from './claim-draft-pdf';
import {
  CLIENT_FIELD_KEYS,
  CLIENT_FIELD_NAMES,
  toClaimDraftResponse,
  type ClaimDraftResponse,
} from './claim-draft.serializer';
import type { ClaimDraftFieldsDto, EditClaimDraftDto, SignClaimDraftDto } from './dto/claim-draft.dto';

export const ACTIVITY_DRAFTS_GENERATED = 'claim_drafts_generated';
export const ACTIVITY_DRAFT_EDITED = 'claim_draft_edited';
export const ACTIVITY_DRAFT_FIELDS = 'claim_draft_fields_supplied';
export const ACTIVITY_DRAFT_SIGNED = 'claim_draft_signed';
export const ACTIVITY_DRAFT_PDF_DOWNLOAD = 'claim_draft_pdf_download';

const CLAIM_NOT_FOUND = 'Claim not found';
const DRAFT_NOT_FOUND = 'Draft not found';

@Injectable()
export class ClaimDraftsService {
  private readonly logger = new Logger(ClaimDraftsService.name);

  constructor(
    private readonly em: EntityManager,
    private readonly definitions: DefinitionsService,
    private readonly storage: FileStorage,
    private readonly activity: ActivityLogService,
    private readonly clock: Clock,
    private readonly config: AppConfig,
  ) {}

  /**
   * Runs one write of a claim's drafts (generate, edit, supply, sign) in one transaction that
   * first takes the claim's row (SELECT … FOR UPDATE on PostgreSQL; SQLite has one writer at a
   * time) and only then reads the drafts: two writes of one claim's drafts run one after the
   * other, the second on what the first committed, so a regenerate never overwrites or removes a
   * draft signed meanwhile, and a signature never lands on a draft changed meanwhile.
   */
  private writing<T>(
    where: FilterQuery<Claim>,
    work: (tx: EntityManager, claim: Claim) => Promise<T>,
  ): Promise<T> {
    return this.em.transactional(
      async (tx) => {
        const claim = await tx.findOne(
          Claim,
          where,
          this.config.database.driver === 'postgresql' ? { lockMode: LockMode.PESSIMISTIC_WRITE } : {},
        );
        if (!claim) throw new NotFoundException(CLAIM_NOT_FOUND);
        await tx.populate(claim, ['user', 'assessment']);
        return work(tx, claim);
      },
      { clear: true },
    );
  }

  /** The claim's drafts: staff any claim's, a client their own (someone else's claim is a 404). */
  async list(
    user: User,
    claimId: string,
    request?: FastifyRequest,
  ): Promise<{ results: ClaimDraftResponse[] }> {
    const claim = await this.readableClaim(user, claimId);
    await recordStaffView({
      activity: this.activity,
      viewer: user,
      ownerId: claim.user.id,
      targetType: 'claim',
      targetId: claim.id,
      request,
    });
    const drafts = await this.em.find(
      ClaimDraft,
      { claim },
      { orderBy: { createdAt: 'asc', routeId: 'asc' } },
    );
    return { results: await this.respond(this.em, claim, drafts) };
  }

  /**
   * Staff: one draft per route whose conditions hold over the result of the claim's assessment,
   * evaluated again with the version it was submitted under (pinned) on today's date, so a route
   * whose window closed since gives way to the one open now. A signed draft is never changed;
   * an unsigned draft keeps what the client and staff wrote and takes the new facts; one whose
   * route no longer applies is removed.
   */
  async generate(
    staff: User,
    claimId: string,
    request?: FastifyRequest,
  ): Promise<{ results: ClaimDraftResponse[] }> {
    const found = await this.em.findOne(Claim, { id: claimId }, { populate: ['assessment'] });
    if (!found) throw new NotFoundException(CLAIM_NOT_FOUND);
    // the evaluation reads only the submitted assessment: made before the claim is locked
    const assessment = found.assessment;
    const entry = await this.definitions.version(assessment.assessmentType, assessment.definitionVersion);
    const asOf = this.clock.today();
    const evaluation = await this.definitions.evaluate(entry, flattenAnswers(assessment.answers), asOf);
    const routes = claimRoutesFor(entry.definition.claims, evaluation.facts);
    // plain JSON: what is stored is what is read back
    const facts = JSON.parse(JSON.stringify(evaluation.facts)) as Record<string, unknown>;
    const answers = JSON.parse(JSON.stringify(evaluation.answers)) as Record<string, unknown>;
    return this.writing({ id: claimId }, async (tx, claim) => {
      const existing = await tx.find(ClaimDraft, { claim }, { populate: ['facts', 'answers'] });
      const drafts: ClaimDraft[] = [];
      for (const route of routes) {
        const found = existing.find((d) => d.routeId === route.id);
        if (found?.signedAt) {
          drafts.push(found);
          continue;
        }
        const draft = found ?? new ClaimDraft();
        if (!found) {
          draft.claim = claim;
          draft.routeId = route.id;
          // the client's fields are the claim's: a new route starts from what they gave on another
          draft.clientFields = { ...(existing.find((d) => !d.signedAt)?.clientFields ?? {}) };
        }
        draft.definitionId = entry.definitionId;
        draft.definitionVersion = entry.version;
        draft.route = JSON.parse(JSON.stringify(route)) as ClaimDraft['route'];
        draft.facts = facts;
        draft.answers = answers;
        draft.evaluatedAsOf = asOf;
        tx.persist(draft);
        drafts.push(draft);
      }
      for (const old of existing) {
        if (!old.signedAt && !routes.some((r) => r.id === old.routeId)) tx.remove(old);
        else if (old.signedAt && !drafts.includes(old)) drafts.push(old);
      }
      this.activity.persist(tx, {
        user: staff,
        action: ACTIVITY_DRAFTS_GENERATED,
        targetType: 'claim',
        targetId: claim.id,
        detail: {
          routes: routes.map((r) => r.id),
          definition: entry.definitionId,
          version: entry.version,
          as_of: asOf,
        },
        request: request ?? null,
      });
      await tx.flush();
      return { results: await this.respond(tx, claim, drafts) };
    });
  }

  /** Staff: the text of the draft's editable sections (not once signed). */
  async edit(
    staff: User,
    claimId: string,
    draftId: string,
    dto: EditClaimDraftDto,
    request?: FastifyRequest,
  ): Promise<ClaimDraftResponse> {
    return this.writing(ownership.record(staff, 'user', { id: claimId }), async (tx, claim) => {
      const draft = await this.draftOf(tx, claim, draftId);
      if (draft.signedAt) throw new ConflictException('The draft is signed; it can no longer be changed');
      const editable = new Set(draft.route.sections.filter((s) => s.editable).map((s) => s.id));
      const errors = dto.sections
        .map((s, i) => ({ s, i }))
        .filter(({ s }) => !editable.has(s.id))
        .map(({ s, i }) => ({
          field: `sections.${i}.id`,
          message: `"${s.id}" is not a section staff can edit`,
        }));
      if (errors.length > 0) throw new ValidationFailedException(errors);
      const texts = { ...draft.staffTexts };
      for (const section of dto.sections) texts[section.id] = section.text;
      draft.staffTexts = texts;
      this.activity.persist(tx, {
        user: staff,
        action: ACTIVITY_DRAFT_EDITED,
        targetType: 'claim_draft',
        targetId: draft.id,
        detail: { claim_id: claim.id, sections: dto.sections.map((s) => s.id) },
        request: request ?? null,
      });
      await tx.flush();
      return (await this.respond(tx, claim, [draft]))[0]!;
    });
  }

  /** The claim's owner: what is missing from their unsigned drafts (UTRN, bank details, addresses). */
  async supply(
    user: User,
    claimId: string,
    dto: ClaimDraftFieldsDto,
    request?: FastifyRequest,
  ): Promise<{ results: ClaimDraftResponse[] }> {
    return this.writing(ownership.own(user, 'user', { id: claimId }), async (tx, claim) => {
      const drafts = await tx.find(ClaimDraft, { claim }, { orderBy: { createdAt: 'asc', routeId: 'asc' } });
      const unsigned = drafts.filter((d) => !d.signedAt);
      if (unsigned.length === 0) throw new ConflictException('There is no unsigned draft to complete');
      const changed: string[] = [];
      for (const key of CLIENT_FIELD_KEYS) {
        const value = dto[key];
        if (value === undefined) continue;
        changed.push(key);
        for (const draft of unsigned) {
          const fields = { ...draft.clientFields };
          const name = CLIENT_FIELD_NAMES[key];
          if (value.trim() === '') delete fields[name];
          else fields[name] = key === 'utrn' ? value.toUpperCase() : value.trim();
          draft.clientFields = fields;
        }
      }
      this.activity.persist(tx, {
        user,
        action: ACTIVITY_DRAFT_FIELDS,
        targetType: 'claim',
        targetId: claim.id,
        // which fields, never their values (bank details)
        detail: { fields: changed },
        request: request ?? null,
      });
      await tx.flush();
      return { results: await this.respond(tx, claim, drafts) };
    });
  }

  /**
   * The claim's owner signs the declaration: their typed full name and today's date, once every
   * other hard item is present. Recorded with who, when and from which IP (activity log and the
   * claim's timeline); the final PDF is made and stored at once.
   */
  async sign(
    user: User,
    claimId: string,
    draftId: string,
    dto: SignClaimDraftDto,
    request?: FastifyRequest,
  ): Promise<ClaimDraftResponse> {
    const today = this.clock.today();
    if (dto.date !== today) {
      throw new ValidationFailedException([
        { field: 'date', message: `date must be today's date, ${today}` },
      ]);
    }
    const name = dto.full_name.trim().replace(/\s+/g, ' ');
    let key: string | null = null;
    try {
      return await this.writing(ownership.own(user, 'user', { id: claimId }), async (tx, claim) => {
        const draft = await this.draftOf(tx, claim, draftId);
        if (draft.signedAt) throw new ConflictException('This draft is already signed');
        const documents = await this.documentsReceived(tx, claim);
        const content = this.contentOf(claim, draft, documents);
        // What is signed is exactly what the client read: the draft as they saw it has this checksum.
        const checksum = jsonChecksum(content);
        if (dto.checksum !== checksum) {
          throw new ConflictException({
            message:
              'The draft was changed since you opened it; nothing was signed. Read it again before signing.',
            checksum,
          });
        }
        if (!content.readyToSign) {
          throw new ConflictException({
            message: 'The draft cannot be signed yet: something it needs is missing',
            missing: content.missingHard.filter((m) => !/^Declaration/.test(m)),
          });
        }
        const now = this.clock.now();
        draft.signedName = name;
        draft.signedDate = today;
        draft.signedAt = now;
        draft.signedById = user.id;
        draft.signedIp = request ? clientIp(request) : null;
        const signed = this.contentOf(claim, draft, documents);
        const pdf = await renderClaimPdf(signed, {
          reference: claim.reference,
          firmName: 'Reclaim',
          signedName: name,
          signedDate: today,
          signedAt: now,
        });
        key = `claim-${randomUUID()}`;
        await this.storage.put(key, Readable.from(pdf));
        draft.pdfStorageName = key;
        draft.pdfSize = pdf.length;
        draft.pdfSha256 = createHash('sha256').update(pdf).digest('hex');
        const event = new ClaimEvent();
        event.claim = claim;
        event.status = claim.status;
        event.note = `${name} signed the declaration of the draft claim for ${signed.title} (${signed.legalBasis}).`;
        event.actor = tx.getReference(UserEntity, user.id);
        event.createdAt = now;
        tx.persist(event);
        this.activity.persist(tx, {
          user,
          action: ACTIVITY_DRAFT_SIGNED,
          targetType: 'claim_draft',
          targetId: draft.id,
          detail: {
            claim_id: claim.id,
            route: draft.routeId,
            name,
            date: today,
            checksum,
            pdf_sha256: draft.pdfSha256,
          },
          request: request ?? null,
        });
        await tx.flush();
        return (await this.respond(tx, claim, [draft], documents))[0]!;
      });
    } catch (err) {
      // nothing was committed: the PDF stored for it goes too
      if (key !== null) await this.storage.delete(key).catch(() => undefined);
      throw err;
    }
  }

  /** The signed PDF: the claim's owner and staff (anyone else: 404, as for documents). */
  async openPdf(
    user: User,
    claimId: string,
    draftId: string,
    request?: FastifyRequest,
  ): Promise<{ filename: string; size: number; stream: Readable }> {
    const { claim, draft } = await this.findDraft(user, claimId, draftId);
    if (!draft.pdfStorageName || draft.pdfSize === null)
      throw new NotFoundException('The draft is not signed yet');
    const stream = await this.storage.get(draft.pdfStorageName).catch((err: unknown) => {
      if (!(err instanceof StoredFileNotFoundError)) throw err;
      this.logger.error({ err, draft: draft.id }, 'stored claim PDF is missing');
      throw new NotFoundException('The claim PDF is missing');
    });
    await this.activity.record({
      user,
      action: ACTIVITY_DRAFT_PDF_DOWNLOAD,
      targetType: 'claim_draft',
      targetId: draft.id,
      detail: { claim_id: claim.id, owner_id: claim.user.id },
      request: request ?? null,
    });
    return { filename: `${claim.reference}-${draft.routeId}.pdf`, size: draft.pdfSize, stream };
  }

  private async readableClaim(user: User, claimId: string): Promise<Claim> {
    const claim = await this.em.findOne(Claim, ownership.record(user, 'user', { id: claimId }), {
      populate: ['user'],
    });
    if (!claim) throw new NotFoundException(CLAIM_NOT_FOUND);
    return claim;
  }

  private async findDraft(user: User, claimId: string, draftId: string) {
    const claim = await this.readableClaim(user, claimId);
    return { claim, draft: await this.draftOf(this.em, claim, draftId) };
  }

  private async draftOf(em: EntityManager, claim: Claim, draftId: string): Promise<ClaimDraft> {
    const draft = await em.findOne(ClaimDraft, { id: draftId, claim }, { populate: ['facts', 'answers'] });
    if (!draft) throw new NotFoundException(DRAFT_NOT_FOUND);
    return draft;
  }

  /** Requirement ids of the documents received for the claim's assessment. */
  private async documentsReceived(em: EntityManager, claim: Claim): Promise<string[]> {
    const tasks = await em.find(DocumentTask, { assessment: claim.assessment, status: 'completed' });
    return tasks.map((t) => t.requirementId);
  }

  /** The filled draft; `withDeclaration: false` as it was before it was signed (what the checksum covers). */
  private contentOf(
    claim: Claim,
    draft: ClaimDraft,
    documents: string[],
    withDeclaration = true,
  ): ClaimDraftContent {
    return buildClaimDraft({
      route: draft.route,
      facts: draft.facts,
      answers: draft.answers,
      client: draft.clientFields,
      staff: draft.staffTexts,
      documents,
      declaration:
        withDeclaration && draft.signedName !== null && draft.signedDate !== null
          ? { name: draft.signedName, date: draft.signedDate }
          : null,
      claim: { reference: claim.reference, date: draft.signedDate ?? this.clock.today() },
    });
  }

  private async respond(
    em: EntityManager,
    claim: Claim,
    drafts: ClaimDraft[],
    received?: string[],
  ): Promise<ClaimDraftResponse[]> {
    if (drafts.length === 0) return [];
    await em.populate(drafts, ['facts', 'answers']);
    const documents = received ?? (await this.documentsReceived(em, claim));
    return drafts.map((draft) => {
      const shown = this.contentOf(claim, draft, documents);
      const unsigned = draft.signedAt ? this.contentOf(claim, draft, documents, false) : shown;
      return toClaimDraftResponse(draft, shown, jsonChecksum(unsigned));
    });
  }
}
