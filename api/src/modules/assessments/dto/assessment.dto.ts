import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsInt, IsObject, IsUUID, Matches, Max, Min } from 'class-validator';
import { ASSESSMENT_STATUSES, type AssessmentStatus } from '../assessment.entity';
import { IsOptional, IsOptionalNullable } from '../../../common/validation';

const SERVICE_TYPE = /^[A-Za-z0-9_-]{1,100}$/;
const SERVICE_TYPE_MESSAGE = 'service_type must be a service type code (letters, digits, _ or -)';

/** POST /api/assessment/save/: both request forms of the eligibility spec (section 7). */
export class SaveAssessmentDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Missing: a new assessment is created.' })
  @IsOptional()
  @IsUUID('all', { message: 'assessment_id must be a UUID' })
  assessment_id?: string;

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'Read-only on the server; accepted and ignored.',
  })
  @IsOptionalNullable()
  @IsUUID('all', { message: 'claim_id must be a UUID' })
  claim_id?: string | null;

  @ApiProperty()
  @Matches(SERVICE_TYPE, { message: SERVICE_TYPE_MESSAGE })
  service_type!: string;

  @ApiProperty({ type: 'object', additionalProperties: true })
  @IsObject({ message: 'answers must be an object keyed by question id' })
  answers!: Record<string, unknown>;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt({ message: 'current_step must be a whole number' })
  @Min(0)
  @Max(1000)
  current_step?: number;

  @ApiPropertyOptional({ enum: ASSESSMENT_STATUSES })
  @IsOptional()
  @IsIn(ASSESSMENT_STATUSES, { message: `status must be one of ${ASSESSMENT_STATUSES.join(', ')}` })
  status?: AssessmentStatus;

  @ApiPropertyOptional({ description: 'The version the client last read; a stale one gets 409.' })
  @IsOptional()
  @IsInt({ message: 'version must be a whole number' })
  @Min(1)
  version?: number;
}

export class SubmitAssessmentDto {
  @ApiProperty({ format: 'uuid' })
  @IsUUID('all', { message: 'assessment_id must be a UUID' })
  assessment_id!: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Matches(SERVICE_TYPE, { message: SERVICE_TYPE_MESSAGE })
  service_type?: string;

  @ApiPropertyOptional({
    type: 'object',
    additionalProperties: true,
    description:
      'The final answers. Results are never taken from a client: fields such as results → 400 (docs/decisions.md 9).',
  })
  @IsOptional()
  @IsObject({ message: 'answers must be an object keyed by question id' })
  answers?: Record<string, unknown>;
}

export class CreateAssessmentDto {
  @ApiProperty()
  @Matches(SERVICE_TYPE, { message: SERVICE_TYPE_MESSAGE })
  service_type!: string;

  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject({ message: 'answers must be an object keyed by question id' })
  answers?: Record<string, unknown>;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt({ message: 'current_step must be a whole number' })
  @Min(0)
  @Max(1000)
  current_step?: number;
}

export class PatchAssessmentDto {
  @ApiPropertyOptional({ type: 'object', additionalProperties: true })
  @IsOptional()
  @IsObject({ message: 'answers must be an object keyed by question id' })
  answers?: Record<string, unknown>;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt({ message: 'current_step must be a whole number' })
  @Min(0)
  @Max(1000)
  current_step?: number;

  @ApiPropertyOptional({ enum: ASSESSMENT_STATUSES })
  @IsOptional()
  @IsIn(ASSESSMENT_STATUSES, { message: `status must be one of ${ASSESSMENT_STATUSES.join(', ')}` })
  status?: AssessmentStatus;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt({ message: 'version must be a whole number' })
  @Min(1)
  version?: number;
}

export class SaveAnswersDto {
  @ApiProperty({ type: 'object', additionalProperties: true })
  @IsObject({ message: 'answers must be an object keyed by question id' })
  answers!: Record<string, unknown>;

  @ApiPropertyOptional()
  @IsOptional()
  @IsInt({ message: 'version must be a whole number' })
  @Min(1)
  version?: number;
}

export class CompleteDocumentTaskDto {
  @ApiProperty({ format: 'uuid', description: 'An uploaded Document id of the same user.' })
  @IsUUID('all', { message: 'document_id must be a UUID' })
  document_id!: string;
}

export class ListAssessmentsQueryDto {
  @ApiPropertyOptional({ format: 'uuid', description: 'Staff only: the client whose assessments to list.' })
  @IsOptional()
  @IsUUID('all', { message: 'user must be a UUID' })
  user?: string;
}

export class IdParamDto {
  @IsUUID('all', { message: 'id must be a UUID' })
  id!: string;
}
