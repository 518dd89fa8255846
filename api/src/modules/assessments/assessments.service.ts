import { EntityManager, OptimisticLockError, UniqueConstraintViolationException } from '@mikro-orm/core';
import {
  BadRequestException,
  ConflictException,
  Injectable,
  NotFoundException,
  UnprocessableEntityException,
} from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import type { Identity } from '../../common/request';
import { ActivityLogService, type ActivityRowValues } from '../activity-logs/activity-logs.service';
import { recordStaffView } from '../admin/record-staff-view';
import { ClaimsService } from '../claims/claims.service';
import { DefinitionsService, type RegistryEntry } from '../definitions/definitions.service';
import { Service } from '../services/service.entity';
import { User } from '../users/user.entity';
import { Assessment, type AssessmentStatus, recordEvaluation } from './assessment.entity';
import {
  toAssessmentResponse,
  toAssessmentSummary,
  toDocumentTaskResponse,
  type AssessmentResponse,
  type AssessmentSummary,
  type DocumentTaskResponse,
  type PendingDocumentTaskResponse,
} from './assessment.serializer';
import { DocumentTask } from './document-task.entity';
import type {
  CreateAssessmentDto,
  PatchAssessmentDto,
  SaveAssessmentDto,
  SubmitAssessmentDto,
} from './dto/assessment.dto';
import { IdempotencyKey } from './idempotency-key.entity';
import { AssessmentRepository, type AssessmentRow, type AssessmentWrite } from './assessment.repository';
import { flattenAnswers, validateAnswers } from './validate-answers';
import { AssignmentService } from '../workbench/assignment.service';

export const ACTIVITY_ASSESSMENT_SAVE = 'assessment_save';
export const ACTIVITY_ASSESSMENT_SUBMIT = 'assessment_submit';
export const STALE_VERSION_DETAIL = 'Assessment was changed elsewhere';

interface EvaluationForTasks {
  eligibility: { likelihood: string };
  recommendation: {
    documentRequirements: { id: string; name: string; description: string; required: boolean }[];
  };
}

/**
 * The documents a claim asks for: the recommendation's list, none when the result is Unlikely (the
 * results page shows no document list then, and the claim must not ask for one either).
 */
export function documentRequirementsOf(evaluation: EvaluationForTasks) {
  return evaluation.eligibility.likelihood === 'Unlikely'
    ? []
    : evaluation.recommendation.documentRequirements;
}

export const SUBMITTED_DETAIL = 'This assessment has been submitted and can no longer be changed';

interface AnswerChanges {
  serviceType?: string;
  answers?: Record<string, unknown>;
  mergeAnswers?: boolean;
  currentStep?: number;
  status?: AssessmentStatus;
  version?: number;
}

@Injectable()
export class AssessmentsService {
  constructor(
    private readonly em: EntityManager,
    private readonly definitions: DefinitionsService,
    private readonly activity: ActivityLogService,
    private readonly claims: ClaimsService,
    private readonly repository: AssessmentRepository,
    private readonly assignment: AssignmentService,
  ) {}

  // ---------------------------------------------------------------- reading

  /** The owner's assessment; staff may read any (logged). Others → 404. */
  private async findReadable(user: Identity, id: string, request?: FastifyRequest): Promise<Assessment> {
    return this.repository.toEntity(await this.readableRow(user, id, request));
  }

  /** The row `user` may read (the ownership rule, in the repository); a staff member reading a client's is logged. */
  private async readableRow(user: Identity, id: string, request?: FastifyRequest): Promise<AssessmentRow> {
    const row = await this.repository.findReadableRow(user, id);
    if (!row) throw new NotFoundException('Assessment not found');
    await recordStaffView({
      activity: this.activity,
      viewer: user,
      ownerId: this.repository.ownerOf(row),
      targetType: 'assessment',
      targetId: id,
      request,
    });
    return row;
  }

  async get(user: Identity, id: string, request?: FastifyRequest): Promise<AssessmentResponse> {
    // The answer straight from the row: nothing here needs the entity.
    return this.repository.toResponse(await this.readableRow(user, id, request));
  }

  /** Summaries (no answers, no results): the list is what a dashboard shows, not every result. */
  async list(user: User, forUser?: string): Promise<AssessmentSummary[]> {
    return (await this.repository.listSummaries(user, forUser)).map(toAssessmentSummary);
  }

  /**
   * Every pending document task of the caller's own assessments, in one answer (the dashboard
   * used to ask once per assessment: 428 requests for a client with 1,100 assessments).
   * Submitted assessments only, and none whose claim is over (paid, rejected, withdrawn):
   * nothing is asked of a client once the money is in or the claim has ended.
   */
  async pendingTasks(user: User): Promise<PendingDocumentTaskResponse[]> {
    const tasks = await this.repository.pendingTasks(user);
    return tasks.map((task) => ({
      ...toDocumentTaskResponse(task),
      assessment_id: task.assessment.id,
      service_type: task.assessment.serviceType,
      service_name: task.assessment.serviceName,
    }));
  }

  // ---------------------------------------------------------------- writing

  private async definitionFor(serviceType: string): Promise<RegistryEntry> {
    return this.definitions.published(serviceType, this.definitions.today());
  }

  private async serviceName(
    serviceType: string,
    entry: RegistryEntry,
    em: EntityManager = this.em,
  ): Promise<string> {
    const service = await em.findOne(Service, { typeCode: serviceType });
    return service?.title ?? entry.title;
  }

  private checkAnswers(entry: RegistryEntry, answers: Record<string, unknown>): void {
    const errors = validateAnswers(this.definitions.asDefinition(entry), answers, this.definitions.today());
    if (errors.length > 0) {
      throw new BadRequestException({ message: 'Some answers are not valid', errors });
    }
  }

  private conflict(current: Assessment): ConflictException {
    return new ConflictException({
      message: STALE_VERSION_DETAIL,
      detail: STALE_VERSION_DETAIL,
      current: toAssessmentResponse(current),
    });
  }

  private async create(
    user: Identity,
    input: { id?: string; serviceType: string; answers: Record<string, unknown>; currentStep: number },
    request?: FastifyRequest,
  ): Promise<Assessment> {
    const entry = await this.definitionFor(input.serviceType);
    this.checkAnswers(entry, input.answers);
    const assessment = new Assessment();
    if (input.id) assessment.id = input.id;
    assessment.user = this.em.getReference(User, user.id);
    assessment.serviceType = input.serviceType;
    assessment.assessmentType = entry.definitionId;
    assessment.serviceName = await this.serviceName(input.serviceType, entry);
    assessment.answers = input.answers;
    assessment.currentStep = input.currentStep;
    assessment.definitionVersion = entry.version;
    this.em.persist(assessment);
    this.activity.persist(this.em, {
      user,
      action: ACTIVITY_ASSESSMENT_SAVE,
      targetType: 'assessment',
      targetId: assessment.id,
      detail: { created: true, service_type: input.serviceType },
      request: request ?? null,
    });
    try {
      await this.em.flush();
    } catch (err) {
      // Two first saves racing with the same client-made id: the second is a stale write.
      if (err instanceof UniqueConstraintViolationException) {
        this.em.clear();
        const existing = await this.repository.findOwned(this.em, user, assessment.id);
        if (existing) throw this.conflict(existing);
        throw new NotFoundException('Assessment not found');
      }
      throw err;
    }
    return assessment;
  }

  private conflictFromRow(row: AssessmentRow): ConflictException {
    return this.conflict(this.repository.toEntity(row));
  }

  /**
   * Checks a save against the row it read and works out what to write: 409 for another version or
   * a submitted assessment, 400 for a status change or answers the definition refuses. Returns null
   * when there is nothing to write (a submitted assessment's echo).
   */
  private async plan(
    row: AssessmentRow,
    changes: AnswerChanges,
    serviceTitle: (typeCode: string) => Promise<string | null>,
  ): Promise<AssessmentWrite | null> {
    const fields = this.repository.fieldsOf(row);
    if (changes.version !== undefined && changes.version !== fields.version) throw this.conflictFromRow(row);
    const answers = fields.answers;
    if (fields.status !== 'in_progress') {
      const onlyEcho =
        changes.answers === undefined ||
        JSON.stringify(changes.answers) === JSON.stringify(answers) ||
        (changes.mergeAnswers === true && Object.keys(changes.answers).length === 0);
      if (!onlyEcho) {
        throw new ConflictException({
          message: SUBMITTED_DETAIL,
          detail: SUBMITTED_DETAIL,
          current: toAssessmentResponse(this.repository.toEntity(row)),
        });
      }
      return null;
    }
    if (changes.status !== undefined && changes.status !== 'in_progress') {
      throw new BadRequestException({
        message: 'Submit the assessment with POST /api/assessment/submit/',
        errors: [{ field: 'status', message: 'can only be changed by submitting the assessment' }],
      });
    }
    const current = {
      serviceType: fields.serviceType,
      assessmentType: fields.assessmentType,
      definitionVersion: fields.definitionVersion,
    };
    let write: AssessmentWrite = {
      ...current,
      serviceName: fields.serviceName,
      answers,
      currentStep: fields.currentStep,
      updatedAt: new Date(),
    };
    let entry = await this.definitions.version(current.assessmentType, current.definitionVersion);
    if (changes.serviceType !== undefined && changes.serviceType !== current.serviceType) {
      // Choosing another service while in progress starts that service's questionnaire.
      entry = await this.definitionFor(changes.serviceType);
      write = {
        ...write,
        serviceType: changes.serviceType,
        assessmentType: entry.definitionId,
        definitionVersion: entry.version,
        serviceName: (await serviceTitle(changes.serviceType)) ?? entry.title,
      };
    }
    if (changes.answers !== undefined) {
      const next = changes.mergeAnswers ? { ...answers, ...changes.answers } : changes.answers;
      this.checkAnswers(entry, next);
      write.answers = next;
    }
    if (changes.currentStep !== undefined) write.currentStep = changes.currentStep;
    return write;
  }

  /** The save's activity row: the version the save was made from. */
  private activityValues(
    user: Identity,
    id: string,
    version: number,
    request?: FastifyRequest,
  ): ActivityRowValues {
    return this.activity.values({
      user,
      action: ACTIVITY_ASSESSMENT_SAVE,
      targetType: 'assessment',
      targetId: id,
      detail: { version },
      request: request ?? null,
    });
  }

  /**
   * Saves onto the owner's assessment (AssessmentRepository.saveOwned: a conditional UPDATE on the
   * version read and the activity row, no unit of work). A lost race is 409 with the current
   * record. The request's user entity is never written (its version column would make every
   * concurrent save of that user collide). Null when the caller owns no such assessment.
   */
  private async updateOwned(
    user: Identity,
    id: string,
    changes: AnswerChanges,
    request?: FastifyRequest,
  ): Promise<AssessmentRow | null> {
    // The registry loads on its own connection: never from inside the transaction.
    await this.definitions.ensureLoaded();
    const outcome = await this.repository.saveOwned(
      user,
      id,
      changes.version,
      (row, serviceTitle) => this.plan(row, changes, serviceTitle),
      (version) => this.activityValues(user, id, version, request),
    );
    if ('saved' in outcome) return outcome.saved;
    if ('missing' in outcome) return null;
    if (!outcome.lost) throw new NotFoundException('Assessment not found');
    throw this.conflictFromRow(outcome.lost);
  }

  /** POST /api/assessment/save/ */
  async save(
    user: Identity,
    dto: SaveAssessmentDto,
    request?: FastifyRequest,
  ): Promise<{ created: boolean; assessment: AssessmentResponse }> {
    if (dto.assessment_id) {
      const saved = await this.updateOwned(
        user,
        dto.assessment_id,
        {
          serviceType: dto.service_type,
          answers: dto.answers,
          currentStep: dto.current_step,
          status: dto.status,
          version: dto.version,
        },
        request,
      );
      if (saved) return { created: false, assessment: this.repository.toResponse(saved) };
      // An id the browser generated for its local record: adopt it, unless someone else holds it.
      if (await this.repository.exists(dto.assessment_id))
        throw new NotFoundException('Assessment not found');
      if (dto.version !== undefined) throw new NotFoundException('Assessment not found');
    }
    if (dto.status !== undefined && dto.status !== 'in_progress') {
      throw new BadRequestException({
        message: 'Submit the assessment with POST /api/assessment/submit/',
        errors: [{ field: 'status', message: 'can only be changed by submitting the assessment' }],
      });
    }
    const created = await this.create(
      user,
      {
        id: dto.assessment_id,
        serviceType: dto.service_type,
        answers: dto.answers,
        currentStep: dto.current_step ?? 0,
      },
      request,
    );
    return { created: true, assessment: toAssessmentResponse(created) };
  }

  /** POST /assessments */
  async createFromDto(
    user: Identity,
    dto: CreateAssessmentDto,
    request?: FastifyRequest,
  ): Promise<AssessmentResponse> {
    const created = await this.create(
      user,
      { serviceType: dto.service_type, answers: dto.answers ?? {}, currentStep: dto.current_step ?? 0 },
      request,
    );
    return toAssessmentResponse(created);
  }

  /** PATCH /assessments/{id} (answers replace) and POST /assessments/{id}/answers (answers merge). */
  async patch(
    user: Identity,
    id: string,
    dto: PatchAssessmentDto,
    mergeAnswers: boolean,
    request?: FastifyRequest,
  ): Promise<AssessmentResponse> {
    if (dto.answers === undefined && dto.current_step === undefined && dto.status === undefined) {
      throw new BadRequestException({
        message: 'Nothing to change',
        errors: [{ field: 'answers', message: 'answers, current_step or status is required' }],
      });
    }
    const saved = await this.updateOwned(
      user,
      id,
      {
        answers: dto.answers,
        mergeAnswers,
        currentStep: dto.current_step,
        status: dto.status,
        version: dto.version,
      },
      request,
    );
    if (!saved) throw new NotFoundException('Assessment not found');
    return this.repository.toResponse(saved);
  }

  // ---------------------------------------------------------------- submitting

  /**
   * POST /api/assessment/submit/. One transaction: re-evaluate on the server with the recorded
   * definition version (results sent by the client are never read), store the result fields,
   * mark the assessment COMPLETED, have the claims module create the claim (reference, estimate,
   * first timeline entry) and add the document tasks. The unique claim.assessment_id makes a racing second submit fail and return the first
   * claim instead.
   */
  async submit(
    user: User,
    dto: SubmitAssessmentDto,
    idempotencyKey: string | undefined,
    request?: FastifyRequest,
  ): Promise<{ claim_id: string; assessment: AssessmentResponse }> {
    if (idempotencyKey !== undefined && !/^[\x21-\x7e]{1,255}$/.test(idempotencyKey)) {
      throw new BadRequestException({
        message: 'Idempotency-Key must be 1 to 255 visible ASCII characters',
        errors: [{ field: 'Idempotency-Key', message: 'must be 1 to 255 visible ASCII characters' }],
      });
    }
    // Loading the registry queries outside the transaction; on SQLite's single connection that
    // must not happen while the transaction holds it.
    await this.definitions.ensureLoaded();
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        const claimId = await this.submitOnce(user, dto, idempotencyKey, request);
        return await this.submitResult(user, dto.assessment_id, claimId);
      } catch (err) {
        if (!(err instanceof UniqueConstraintViolationException) && !(err instanceof OptimisticLockError))
          throw err;
        // Another submit of the same assessment won the race (or a reference collided): read its claim.
        this.em.clear();
        const existing = await this.repository.findOwned(this.em, user, dto.assessment_id);
        if (existing?.claimId) return this.submitResult(user, dto.assessment_id, existing.claimId);
      }
    }
    throw new ConflictException('The assessment is being submitted; try again');
  }

  private async submitResult(
    user: User,
    assessmentId: string,
    claimId: string,
  ): Promise<{ claim_id: string; assessment: AssessmentResponse }> {
    this.em.clear();
    const assessment = await this.repository.findOwned(this.em, user, assessmentId);
    if (!assessment) throw new NotFoundException('Assessment not found');
    return { claim_id: claimId, assessment: toAssessmentResponse(assessment) };
  }

  private async submitOnce(
    user: User,
    dto: SubmitAssessmentDto,
    idempotencyKey: string | undefined,
    request?: FastifyRequest,
  ): Promise<string> {
    return this.em.transactional(async (em) => {
      if (idempotencyKey !== undefined) {
        const seen = await em.findOne(IdempotencyKey, { userId: user.id, key: idempotencyKey });
        if (seen) {
          if (seen.assessmentId !== dto.assessment_id) {
            throw new UnprocessableEntityException(
              'This Idempotency-Key was already used for another assessment',
            );
          }
          return seen.claimId;
        }
      }
      const assessment = await this.repository.findOwned(em, user, dto.assessment_id, true);
      if (!assessment) throw new NotFoundException('Assessment not found');
      if (assessment.claimId) {
        if (idempotencyKey !== undefined)
          this.rememberKey(em, user, idempotencyKey, assessment.id, assessment.claimId);
        return assessment.claimId;
      }
      if (dto.service_type !== undefined && dto.service_type !== assessment.serviceType) {
        const resolved = await this.definitions.resolveId(dto.service_type);
        if (resolved !== assessment.assessmentType) {
          throw new BadRequestException({
            message: 'service_type does not match the assessment',
            errors: [{ field: 'service_type', message: `must be ${assessment.serviceType}` }],
          });
        }
      }
      const entry = await this.definitions.version(assessment.assessmentType, assessment.definitionVersion);
      if (dto.answers !== undefined) assessment.answers = dto.answers;
      // Checked on the submit date too: answers saved earlier (or under older checks) must still
      // hold, e.g. a date about the past that is after today is refused with 400.
      this.checkAnswers(entry, assessment.answers);
      const now = new Date();
      const asOf = this.definitions.today();
      const evaluation = await this.definitions.evaluate(entry, flattenAnswers(assessment.answers), asOf);

      // Submitted, and at once COMPLETED: the server has evaluated and stored the result fields
      // (D6) in this same transaction, so `submitted` is never seen and is not written.
      assessment.status = 'COMPLETED';
      recordEvaluation(assessment, evaluation);
      assessment.evaluatedAsOf = asOf;
      assessment.submittedAt = now;

      const claim = await this.claims.createForSubmittedAssessment(
        em,
        assessment,
        evaluation,
        user,
        now,
        entry.definition.claims,
      );
      await this.assignment.assignNew(em, claim, now);

      const unlikely = evaluation.eligibility.likelihood === 'Unlikely';
      if (unlikely) {
        // Tasks listed while the answers pointed elsewhere are dropped unless something was uploaded.
        const stale = await em.find(DocumentTask, {
          assessment: assessment.id,
          status: { $ne: 'completed' },
        });
        for (const task of stale) em.remove(task);
      } else {
        await this.syncTasks(em, assessment, evaluation.recommendation.documentRequirements);
      }
      if (idempotencyKey !== undefined) this.rememberKey(em, user, idempotencyKey, assessment.id, claim.id);
      this.activity.persist(em, {
        user,
        action: ACTIVITY_ASSESSMENT_SUBMIT,
        targetType: 'assessment',
        targetId: assessment.id,
        detail: {
          claim_id: claim.id,
          reference: claim.reference,
          definition: entry.definitionId,
          definition_version: entry.version,
        },
        request: request ?? null,
      });
      await em.flush();
      return claim.id;
    });
  }

  private rememberKey(
    em: EntityManager,
    user: User,
    key: string,
    assessmentId: string,
    claimId: string,
  ): void {
    const record = new IdempotencyKey();
    record.userId = user.id;
    record.key = key;
    record.assessmentId = assessmentId;
    record.claimId = claimId;
    em.persist(record);
  }

  // ---------------------------------------------------------------- document tasks

  /** Adds a task for every requirement that has none yet (existing tasks keep their state). */
  private async syncTasks(
    em: EntityManager,
    assessment: Assessment,
    requirements: { id: string; name: string; description: string; required: boolean }[],
  ): Promise<void> {
    const existing = await this.repository.tasksOf(assessment.id, em);
    const have = new Set(existing.map((t) => t.requirementId));
    requirements.forEach((req, index) => {
      if (have.has(req.id)) return;
      have.add(req.id);
      const task = new DocumentTask();
      task.assessment = assessment;
      task.requirementId = req.id;
      task.name = req.name;
      task.description = req.description;
      task.required = req.required;
      task.sortOrder = index;
      em.persist(task);
    });
  }

  /** GET /api/assessment/{id}/documents/ */
  async documentTasks(user: User, id: string, request?: FastifyRequest): Promise<DocumentTaskResponse[]> {
    const assessment = await this.findReadable(user, id, request);
    let tasks = await this.repository.tasksOf(assessment.id);
    if (tasks.length === 0 && assessment.user.id === user.id) {
      // Before submission the tasks come from evaluating the answers so far; after it, from the
      // stored result. An Unlikely result asks for no documents.
      const stored =
        assessment.status === 'COMPLETED' ? (assessment.results as EvaluationForTasks | null) : null;
      const evaluation =
        stored ??
        (await this.definitions.evaluate(
          await this.definitions.version(assessment.assessmentType, assessment.definitionVersion),
          flattenAnswers(assessment.answers),
          assessment.evaluatedAsOf ?? this.definitions.today(),
        ));
      const requirements = documentRequirementsOf(evaluation);
      if (requirements.length === 0) return [];
      await this.em.transactional(async (em) => {
        await this.syncTasks(em, em.getReference(Assessment, assessment.id), requirements);
      });
      tasks = await this.repository.tasksOf(assessment.id);
    }
    return tasks.map(toDocumentTaskResponse);
  }

  /** POST /api/document-tasks/{id}/complete/ */
  async completeTask(user: User, taskId: string, documentId: string): Promise<DocumentTaskResponse> {
    const { task, document } = await this.repository.ownTaskAndDocument(user, taskId, documentId);
    if (!task) throw new NotFoundException('Document task not found');
    if (!document) {
      throw new BadRequestException({
        message: 'document_id must be one of your uploaded documents',
        errors: [{ field: 'document_id', message: 'must be one of your uploaded documents' }],
      });
    }
    task.status = 'completed';
    task.uploadedDocumentId = document.id;
    task.completedAt = new Date();
    if (!document.assessmentId) document.assessmentId = task.assessment.id;
    await this.em.flush();
    return toDocumentTaskResponse(task);
  }
}
