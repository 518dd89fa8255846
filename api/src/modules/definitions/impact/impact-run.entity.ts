import { randomUUID } from 'node:crypto';
import { Entity, Index, PrimaryKey, Property } from '@mikro-orm/core';

export type ImpactRunState = 'queued' | 'running' | 'completed' | 'failed' | 'cancelled';

// Issue 9 point 5: one replay of every stored assessment of a definition against a draft. The
// run's state and progress live here (not in a process), so any instance answers GET of a run.
@Entity({ tableName: 'impact_run' })
export class ImpactRun {
  @PrimaryKey({ type: 'uuid' })
  id: string = randomUUID();

  @Index()
  @Property({ type: 'string', length: 100 })
  definitionId!: string;

  /** The definition draft replayed; for a parameter run, the version in force replayed (issue 29). */
  @Property({ type: 'integer' })
  draftVersion!: number;

  /**
   * Issue 29 item 3: set for an impact run of this parameter set's draft (a rate change). The run
   * then replays the definition version in force twice per assessment, with the published
   * parameters (A) and with the draft's (B); `checksum` is the parameter draft's.
   */
  @Property({ type: 'string', length: 100, nullable: true })
  parameterSetId: string | null = null;

  /** The draft's checksum when the run was started (the draft replayed). */
  @Property({ type: 'string', length: 64 })
  checksum!: string;

  @Property({ type: 'string', length: 20 })
  state: ImpactRunState = 'queued';

  /** Stored assessments to replay (null until the job counted them). */
  @Property({ type: 'integer', nullable: true })
  total: number | null = null;

  @Property({ type: 'integer' })
  checked: number = 0;

  @Property({ type: 'integer' })
  changedCount: number = 0;

  @Property({ type: 'uuid', nullable: true })
  startedById: string | null = null;

  @Property({ type: 'string', length: 64, nullable: true })
  jobId: string | null = null;

  @Property({ type: 'text', nullable: true })
  error: string | null = null;

  @Property({ type: 'datetime' })
  createdAt: Date = new Date();

  @Property({ type: 'datetime', nullable: true })
  finishedAt: Date | null = null;
}

export { CHANGED } from './impact-changes';

// One replayed assessment (written in bulk by the job with SQL, read by the results routes).
// Deleted with its run and with its assessment (an erased client's rows go with their account).
@Entity({ tableName: 'impact_run_row' })
@Index({ properties: ['runId', 'clientName'] })
export class ImpactRunRow {
  @PrimaryKey({ type: 'uuid' })
  runId!: string;

  @PrimaryKey({ type: 'uuid' })
  assessmentId!: string;

  @Property({ type: 'string', length: 300, nullable: true })
  clientName: string | null = null;

  @Property({ type: 'string', length: 20, nullable: true })
  claimReference: string | null = null;

  @Property({ type: 'string', length: 50, nullable: true })
  beforeLikelihood: string | null = null;

  @Property({ type: 'string', length: 50, nullable: true })
  afterLikelihood: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  beforeApproach: string | null = null;

  @Property({ type: 'string', length: 100, nullable: true })
  afterApproach: string | null = null;

  @Property({ type: 'double', nullable: true })
  beforeValue: number | null = null;

  @Property({ type: 'double', nullable: true })
  afterValue: number | null = null;

  /** CHANGED bits (0: the outcome is the same). */
  @Property({ type: 'integer' })
  changes: number = 0;
}
