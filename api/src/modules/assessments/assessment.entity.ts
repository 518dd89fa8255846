import { randomUUID } from 'node:crypto';
import { Entity, Index, ManyToOne, PrimaryKey, Property } from '@mikro-orm/core';
import type { AssessmentEvaluation } from '@reclaim/engine';
import type { StoredOutcome } from '../definitions/impact/impact-changes';
import { User } from '../users/user.entity';

export type AssessmentStatus = 'in_progress' | 'submitted' | 'COMPLETED';
export const ASSESSMENT_STATUSES: readonly AssessmentStatus[] = ['in_progress', 'submitted', 'COMPLETED'];

@Entity({ tableName: 'assessment' })
// Impact runs read a definition's completed assessments in id order (keyset pages), with the
// date each was evaluated on and its stored outcome. Those columns come after the stored
// evaluation in a row (tens of KB in SQLite's overflow pages): the index carries them, so a page
// reads them from the index and only the answers from the row.
@Index({
  name: 'assessment_impact_page_index',
  properties: [
    'assessmentType',
    'id',
    'status',
    'evaluatedAsOf',
    'outcomeLikelihood',
    'outcomeApproach',
    'outcomeValue',
  ],
})
export class Assessment {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @ManyToOne({ entity: () => User, deleteRule: 'cascade' })
  user!: User;

  /** The service type the client chose (catalogue code, e.g. cgt_reclaim). */
  @Property({ type: 'string', length: 100 })
  serviceType!: string;

  /** The definition id that answers it (e.g. cgt_assessment, generic). */
  @Property({ type: 'string', length: 100 })
  assessmentType!: string;

  @Property({ type: 'string', length: 200 })
  serviceName: string = '';

  @Property({ type: 'json' })
  answers: Record<string, unknown> = {};

  @Property({ type: 'integer' })
  currentStep: number = 0;

  @Property({ type: 'string', length: 20 })
  status: AssessmentStatus = 'in_progress';

  // Optimistic lock: MikroORM adds `where version = ?` to every update and bumps it.
  @Property({ type: 'integer', version: true })
  version!: number;

  /** The definition version this assessment is (and will be re-)evaluated with (D7). */
  @Property({ type: 'integer' })
  definitionVersion!: number;

  /** Server result fields (patent_box_*, sdlt_*, rd_*, cgt_*), written only by the server's evaluation. */
  @Property({ type: 'json', nullable: true })
  resultFields: Record<string, unknown> | null = null;

  /** The full AssessmentEvaluation of the submission. */
  @Property({ type: 'json', nullable: true, lazy: false })
  results: Record<string, unknown> | null = null;

  /**
   * The outcome of `results` (likelihood, service approach, median value), stored beside it so
   * that an impact run reads three small columns per assessment, not the whole evaluation.
   * Written with `results` only (recordEvaluation); null until the assessment is evaluated.
   */
  @Property({ type: 'string', length: 20, nullable: true })
  outcomeLikelihood: string | null = null;

  @Property({ type: 'string', length: 40, nullable: true })
  outcomeApproach: string | null = null;

  @Property({ type: 'double', nullable: true })
  outcomeValue: number | null = null;

  @Property({ type: 'uuid', nullable: true })
  claimId: string | null = null;

  @Property({ type: 'string', length: 10, nullable: true })
  evaluatedAsOf: string | null = null;

  @Property({ type: 'datetime', nullable: true })
  submittedAt: Date | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', onUpdate: () => new Date() })
  updatedAt: Date = new Date();
}

/** Stores an evaluation and, beside it, its outcome: the one place `results` is written. */
export function recordEvaluation(assessment: Assessment, evaluation: AssessmentEvaluation): void {
  assessment.resultFields = { ...evaluation.resultFields };
  assessment.results = evaluation as unknown as Record<string, unknown>;
  assessment.outcomeLikelihood = evaluation.eligibility.likelihood;
  assessment.outcomeApproach = evaluation.complexity.serviceApproach;
  assessment.outcomeValue = evaluation.value.estimates.median;
}

/** The outcome stored beside an assessment's evaluation (an impact run reads the same columns). */
export function storedOutcome(
  assessment: Pick<Assessment, 'outcomeLikelihood' | 'outcomeApproach' | 'outcomeValue'>,
): StoredOutcome {
  return {
    likelihood: assessment.outcomeLikelihood,
    serviceApproach: assessment.outcomeApproach,
    valueMedian: assessment.outcomeValue,
  };
}
