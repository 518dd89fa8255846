import { ApiProperty } from '@nestjs/swagger';
import type { CheckCode, DefinitionChange, DefinitionCheck } from '@reclaim/engine';
import { DefinitionSummaryDto } from './definitions.response';
import type { AdviserService } from './adviser.service';
import type {
  AbRow,
  ImpactRowView,
  ImpactRunView,
  ImpactRunsService,
  ImpactSummaryView,
} from './impact/impact-runs.service';
import type { ParameterSetsService } from './parameter-sets.service';

// The adviser studio's answers (adviser, parameter-sets and impact-runs controllers) as the
// OpenAPI document describes them; the web studio's types are generated from it. Each class
// `implements` what its service returns, so tsc fails on a field missing from the contract.

type Answer<K extends keyof AdviserService> = AdviserService[K] extends (...args: never[]) => Promise<infer R>
  ? R
  : never;
type SetAnswer<K extends keyof ParameterSetsService> = ParameterSetsService[K] extends (
  ...args: never[]
) => Promise<infer R>
  ? R
  : never;

type VersionSummary = Answer<'saveDraft'>;
type ParameterDraft = SetAnswer<'saveDraft'>;
type ParameterSetView = SetAnswer<'get'>;

export class PersonDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
}

export class ReviewInfoDto implements Omit<VersionSummary['review'], 'state'> {
  @ApiProperty({ enum: ['editing', 'submitted', 'approved', 'published'] })
  state!: 'editing' | 'submitted' | 'approved' | 'published';
  @ApiProperty({ nullable: true, type: String }) release_note!: string | null;
  @ApiProperty({ nullable: true, type: String }) source_url!: string | null;
  @ApiProperty({ nullable: true, type: PersonDto }) submitted_by!: PersonDto | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) submitted_at!: string | null;
  @ApiProperty({ nullable: true, type: PersonDto }) approved_by!: PersonDto | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) approved_at!: string | null;
  @ApiProperty({ nullable: true, type: String, description: 'The checksum of the content approved.' })
  approved_checksum!: string | null;
}

/** A saved, published or retired version as the adviser calls answer it (with its checksum). */
export class DefinitionVersionDto extends DefinitionSummaryDto implements VersionSummary {
  @ApiProperty({ enum: ['draft', 'published', 'retired'], description: 'A retired version answers no more.' })
  declare status: 'draft' | 'published' | 'retired';
  @ApiProperty({ description: "Published with an effectiveFrom after the server's today." })
  scheduled!: boolean;
  @ApiProperty() checksum!: string;
  @ApiProperty({ nullable: true, type: PersonDto }) updated_by!: PersonDto | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) updated_at!: string | null;
  @ApiProperty({ type: ReviewInfoDto }) review!: ReviewInfoDto;
}

/** Every check code of the engine (tsc fails here when the engine adds one). */
const CHECK_CODES: Record<CheckCode, true> = {
  schema: true,
  semantic: true,
  'bands-order': true,
  'levels-order': true,
  'points-above-max': true,
  'yes-no-vs-text': true,
  'value-not-an-option': true,
  'question-unread': true,
  'parameter-value-type': true,
  'parameter-dates-gap': true,
  'parameter-dates-overlap': true,
  'parameter-test-name-duplicate': true,
  'max-score-changed': true,
};

/** 409 on a save from a stale draft: who changed it and when (never a silent overwrite). */
export class DraftConflictDto {
  @ApiProperty() message!: string;
  @ApiProperty({ description: 'The open draft saved meanwhile.' }) version!: number;
  @ApiProperty({ nullable: true, type: PersonDto }) changed_by!: PersonDto | null;
  @ApiProperty({ format: 'date-time' }) changed_at!: string;
  @ApiProperty({ description: 'Its checksum (the base_checksum to save over it on purpose).' })
  checksum!: string;
}

export class DefinitionCheckDto implements DefinitionCheck {
  @ApiProperty({ enum: ['error', 'warning'] }) severity!: DefinitionCheck['severity'];
  @ApiProperty({ description: 'Studio screen: Questions, Scoring, … Parameters, Tests, General.' })
  screen!: string;
  @ApiProperty({ description: 'The field in words.' }) field!: string;
  @ApiProperty() message!: string;
  @ApiProperty({ description: 'JSON pointer into the definition (or parameters:<set>/…).' }) path!: string;
  @ApiProperty({ enum: Object.keys(CHECK_CODES) }) code!: CheckCode;
}

export class DefinitionChecksDto implements Answer<'check'> {
  @ApiProperty({ type: DefinitionCheckDto, isArray: true }) checks!: DefinitionCheckDto[];
}

export class CoverageItemDto {
  @ApiProperty({ enum: ['rule', 'parameter'] }) kind!: 'rule' | 'parameter';
  @ApiProperty({ description: 'Rule id, or set/key of a parameter.' }) id!: string;
  @ApiProperty({ description: 'In words: the rule or parameter.' }) label!: string;
  @ApiProperty({ type: String, isArray: true, description: 'The passing tests that exercise it.' })
  covered_by!: string[];
}

export class ReleaseCoverageDto {
  @ApiProperty({ description: 'Every change covered and every test passes: the draft may be submitted.' })
  ok!: boolean;
  @ApiProperty({ type: String, isArray: true }) failing_tests!: string[];
  @ApiProperty({
    type: String,
    isArray: true,
    description: 'Why each of failing_tests fails, in words, in the same order.',
  })
  failing_reasons!: string[];
  @ApiProperty({ type: CoverageItemDto, isArray: true }) items!: CoverageItemDto[];
}

export class ParameterCoverageDto extends ReleaseCoverageDto {
  @ApiProperty({
    type: String,
    isArray: true,
    description:
      'Embedded tests of the published definitions that fail with the draft values: outcomes the change alters.',
  })
  changed_outcomes!: string[];
}

export class DraftDto extends DefinitionVersionDto implements Answer<'getDraft'> {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The assessment definition JSON (engine AssessmentDefinition)',
  })
  definition!: Record<string, unknown>;
  @ApiProperty({ type: DefinitionCheckDto, isArray: true }) checks!: DefinitionCheckDto[];
  @ApiProperty({
    type: ReleaseCoverageDto,
    nullable: true,
    description:
      'The release gate: the changed rules and parameters against the version in force and the passing tests that exercise each (null when the draft does not load).',
  })
  coverage!: ReleaseCoverageDto | null;
}

export class DefinitionChangeDto implements DefinitionChange {
  @ApiProperty() screen!: string;
  @ApiProperty({ enum: ['changed', 'added', 'removed', 'moved'] }) kind!: DefinitionChange['kind'];
  @ApiProperty() path!: string;
  @ApiProperty() sentence!: string;
}

export class DefinitionDiffDto implements Answer<'diff'> {
  @ApiProperty({ nullable: true, type: Number, description: 'The version in force today, if any.' })
  from_version!: number | null;
  @ApiProperty() to_version!: number;
  @ApiProperty({ type: DefinitionChangeDto, isArray: true }) changes!: DefinitionChangeDto[];
}

export class ImpactOutcomeBeforeDto {
  @ApiProperty() likelihood!: string;
  @ApiProperty() serviceApproach!: string;
  @ApiProperty() median!: number;
}

export class ImpactChangeDto {
  @ApiProperty() assessment_id!: string;
  @ApiProperty({ nullable: true, type: ImpactOutcomeBeforeDto }) before!: ImpactOutcomeBeforeDto | null;
  @ApiProperty({ type: ImpactOutcomeBeforeDto }) after!: ImpactOutcomeBeforeDto;
}

export class DefinitionImpactDto implements Answer<'impact'> {
  @ApiProperty({ type: DefinitionVersionDto }) definition!: DefinitionVersionDto;
  @ApiProperty() checked!: number;
  @ApiProperty() changed_count!: number;
  @ApiProperty({ type: ImpactChangeDto, isArray: true }) changed!: ImpactChangeDto[];
}

export class HistoryItemDto {
  @ApiProperty({ format: 'date-time' }) at!: string;
  @ApiProperty() action!: string;
  @ApiProperty() label!: string;
  @ApiProperty({ nullable: true, type: Number }) version!: number | null;
  @ApiProperty({ nullable: true, type: PersonDto }) user!: PersonDto | null;
  @ApiProperty({ type: 'object', additionalProperties: true }) detail!: Record<string, unknown>;
}

export class DefinitionHistoryDto implements Answer<'history'> {
  @ApiProperty({ type: HistoryItemDto, isArray: true }) items!: HistoryItemDto[];
}

export class RollbackResultDto implements Answer<'rollback'> {
  @ApiProperty({ type: DefinitionVersionDto }) retired!: DefinitionVersionDto;
  @ApiProperty({ type: DefinitionVersionDto }) current!: DefinitionVersionDto;
}

// Dated parameter sets (issue 9).

export class ParameterReviewDto extends ReviewInfoDto {
  @ApiProperty({ enum: ['editing', 'submitted', 'approved'] }) declare state:
    'editing' | 'submitted' | 'approved';
}

export class ParameterDraftDto implements ParameterDraft {
  @ApiProperty() checksum!: string;
  @ApiProperty({ description: 'The checksum of the stored set the draft started from.' })
  base_checksum!: string;
  @ApiProperty({ nullable: true, type: PersonDto }) updated_by!: PersonDto | null;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiProperty({ type: ParameterReviewDto }) review!: ParameterReviewDto;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The parameter set JSON (engine ParameterSet)',
  })
  parameter_set!: Record<string, unknown>;
}

/** 409 on a save from stale parameters: who changed the draft (or the stored set) and when. */
export class ParameterConflictDto {
  @ApiProperty() message!: string;
  @ApiProperty({ nullable: true, type: PersonDto }) changed_by!: PersonDto | null;
  @ApiProperty({ format: 'date-time' }) changed_at!: string;
  @ApiProperty({ description: 'The checksum of the open draft, or of the stored set when none is open.' })
  checksum!: string;
}

export class ParameterHistoryItemDto {
  @ApiProperty({ format: 'date-time' }) at!: string;
  @ApiProperty() action!: string;
  @ApiProperty() label!: string;
  @ApiProperty({ nullable: true, type: PersonDto }) user!: PersonDto | null;
  @ApiProperty({ type: 'object', additionalProperties: true }) detail!: Record<string, unknown>;
}

export class ParameterSetVersionItemDto {
  @ApiProperty({ description: 'The checksum of a set in force before (rollback-draft takes it)' })
  checksum!: string;
  @ApiProperty({ format: 'date-time', description: 'When a publish replaced it' }) replaced_at!: string;
  @ApiProperty() replaced_by_checksum!: string;
  @ApiProperty({ description: 'The stored set has these values again now' }) is_current!: boolean;
}

export class ParameterSetDto implements ParameterSetView {
  @ApiProperty() id!: string;
  @ApiProperty() checksum!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiProperty({ nullable: true, type: PersonDto }) updated_by!: PersonDto | null;
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The parameter set JSON (engine ParameterSet)',
  })
  parameter_set!: Record<string, unknown>;
  @ApiProperty({ nullable: true, type: ParameterDraftDto }) draft!: ParameterDraftDto | null;
  @ApiProperty({
    type: ParameterCoverageDto,
    nullable: true,
    description:
      'The release gate for the open draft: each dated value it adds or changes and the passing tests that read it (null with no draft, for a rollback draft, or when the draft does not load).',
  })
  coverage!: ParameterCoverageDto | null;
  @ApiProperty({
    type: ParameterSetVersionItemDto,
    isArray: true,
    description: 'Sets in force before, newest first',
  })
  versions!: ParameterSetVersionItemDto[];
  @ApiProperty({ type: ParameterHistoryItemDto, isArray: true }) history!: ParameterHistoryItemDto[];
}

export class ParameterDraftDiscardedDto implements SetAnswer<'discard'> {
  @ApiProperty({ enum: [true] }) discarded!: true;
}

// Impact runs (docs/studio-api.md "ImpactRun").

export class ImpactRunStartedDto {
  @ApiProperty() run_id!: string;
  @ApiProperty({ enum: ['queued'] }) state!: 'queued';
}

export class ImpactRunDto implements ImpactRunView {
  @ApiProperty() run_id!: string;
  @ApiProperty() definition_id!: string;
  @ApiProperty() draft_version!: number;
  @ApiProperty({ nullable: true, type: String }) parameter_set_id!: string | null;
  @ApiProperty() checksum!: string;
  @ApiProperty({ enum: ['queued', 'running', 'completed', 'failed', 'cancelled'] })
  state!: ImpactRunView['state'];
  @ApiProperty() percent!: number;
  @ApiProperty({ nullable: true, type: Number }) total!: number | null;
  @ApiProperty() checked!: number;
  @ApiProperty() changed_count!: number;
  @ApiProperty({ nullable: true, type: PersonDto }) started_by!: PersonDto | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) finished_at!: string | null;
  @ApiProperty({ nullable: true, type: String }) error!: string | null;
}

export class ImpactOutcomeDto {
  @ApiProperty({ nullable: true, type: String }) likelihood!: string | null;
  @ApiProperty({ nullable: true, type: String }) approach!: string | null;
  @ApiProperty({ nullable: true, type: Number }) value!: number | null;
}

export class ImpactRowDto implements ImpactRowView {
  @ApiProperty() assessment_id!: string;
  @ApiProperty({ nullable: true, type: String }) client_name!: string | null;
  @ApiProperty({ nullable: true, type: String }) claim_reference!: string | null;
  @ApiProperty({ type: ImpactOutcomeDto }) before!: ImpactOutcomeDto;
  @ApiProperty({ type: ImpactOutcomeDto }) after!: ImpactOutcomeDto;
  @ApiProperty({ enum: ['likelihood', 'approach', 'value'], isArray: true })
  changes!: ('likelihood' | 'approach' | 'value')[];
}

type ImpactResults = ImpactRunsService['results'] extends (...args: never[]) => Promise<infer R> ? R : never;

export class ImpactResultsDto implements ImpactResults {
  @ApiProperty() total!: number;
  @ApiProperty() page!: number;
  @ApiProperty() page_size!: number;
  @ApiProperty({ type: ImpactRowDto, isArray: true }) rows!: ImpactRowDto[];
}

// Issue 29 item 3: the A/B table of an impact run.

export class ImpactAbRowDto implements AbRow {
  @ApiProperty({ nullable: true, type: String }) value!: string | null;
  @ApiProperty() a!: number;
  @ApiProperty() b!: number;
}

export class ImpactMeasureDto {
  @ApiProperty({ enum: ['likelihood', 'value_band', 'approach'] })
  measure!: 'likelihood' | 'value_band' | 'approach';
  @ApiProperty() label!: string;
  @ApiProperty({ type: ImpactAbRowDto, isArray: true }) rows!: ImpactAbRowDto[];
}

export class ImpactChangedCountsDto {
  @ApiProperty() any!: number;
  @ApiProperty() likelihood!: number;
  @ApiProperty() value_band!: number;
  @ApiProperty() approach!: number;
}

export class ImpactValueChangeDto extends ImpactRowDto {
  @ApiProperty() value_change!: number;
}

export class ImpactSummaryDto implements ImpactSummaryView {
  @ApiProperty() run_id!: string;
  @ApiProperty({ enum: ['definition', 'parameters'] }) kind!: 'definition' | 'parameters';
  @ApiProperty() a_label!: string;
  @ApiProperty() b_label!: string;
  @ApiProperty() checked!: number;
  @ApiProperty({ type: ImpactChangedCountsDto }) changed!: ImpactChangedCountsDto;
  @ApiProperty({ type: ImpactMeasureDto, isArray: true }) measures!: ImpactMeasureDto[];
  @ApiProperty({ type: ImpactValueChangeDto, isArray: true }) largest_value_changes!: ImpactValueChangeDto[];
}
