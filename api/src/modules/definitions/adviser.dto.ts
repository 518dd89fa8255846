import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsObject, IsString, IsUrl, Matches, MaxLength, Min } from 'class-validator';
import { IsCalendarDate, IsOptional, IsOptionalNullable } from '../../common/validation';

export class DefinitionIdParamDto {
  @Matches(/^[a-z][a-z0-9_]{0,99}$/, { message: 'definitionId must be a definition id' })
  definitionId!: string;
}

export class DraftParamDto extends DefinitionIdParamDto {
  @Matches(/^[1-9]\d{0,5}$/, { message: 'version must be a positive whole number' })
  version!: string;
}

export class SaveDraftDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The whole definition JSON (docs/definition-format.md).',
  })
  @IsObject({ message: 'definition must be a definition object' })
  definition!: Record<string, unknown>;

  @ApiPropertyOptional({
    description:
      'The checksum of the open draft this edit started from (null: the editor opened no draft): a different one → 409 naming who saved it.',
    nullable: true,
    type: String,
  })
  @IsOptionalNullable()
  @Matches(/^[0-9a-f]{64}$/, { message: 'base_checksum must be the checksum of the draft you opened' })
  base_checksum?: string | null;
}

export class TryDraftDto {
  @ApiProperty({ type: 'object', additionalProperties: true })
  @IsObject({ message: 'answers must be an object keyed by question id' })
  answers!: Record<string, unknown>;

  @ApiPropertyOptional({ description: 'YYYY-MM-DD (default today)' })
  @IsOptional()
  @IsCalendarDate()
  as_of?: string;
}

export class PublishDraftDto {
  @ApiPropertyOptional({ description: 'YYYY-MM-DD (default today)' })
  @IsOptional()
  @IsCalendarDate()
  effective_from?: string;
}

export class SubmitDraftDto {
  @ApiProperty({
    description: 'What changes and why, for the reviewer and the history (≤ 2,000 characters).',
  })
  @IsString({ message: 'release_note must be a short note of what changes and why' })
  @Matches(/\S/, { message: 'release_note must be a short note of what changes and why' })
  @MaxLength(2000, { message: 'release_note must be at most 2,000 characters' })
  release_note!: string;

  @ApiProperty({ description: 'A link (http or https) to the source of the change, e.g. the HMRC manual.' })
  @IsString({ message: 'source_url must be a link (https://…) to the source of the change' })
  @MaxLength(2000, { message: 'source_url must be at most 2,000 characters' })
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true, require_tld: false },
    { message: 'source_url must be a link (https://…) to the source of the change' },
  )
  source_url!: string;
}

export class ApproveDraftDto {
  @ApiProperty({ description: 'The checksum of the draft the reviewer read; a different one → 409.' })
  @Matches(/^[0-9a-f]{64}$/, { message: 'checksum must be the checksum of the draft you reviewed' })
  checksum!: string;
}

export class RollbackDraftDto {
  @ApiPropertyOptional({
    description:
      'The version whose content the new draft copies (default: the published one before the version in force).',
  })
  @IsOptional()
  @IsInt({ message: 'to_version must be a version number' })
  @Min(1, { message: 'to_version must be a version number' })
  to_version?: number;
}

export class ParameterRollbackDraftDto {
  @ApiProperty({ description: 'The checksum of the earlier set (from `versions`) the new draft copies.' })
  @Matches(/^[0-9a-f]{64}$/, { message: 'checksum must be the checksum of an earlier parameter set' })
  checksum!: string;
}

export class EmergencyRollbackDto {
  @ApiProperty({ description: 'Why this cannot wait for a review (kept in the history).' })
  @IsString({ message: 'reason must say why this emergency rollback is needed' })
  @Matches(/\S/, { message: 'reason must say why this emergency rollback is needed' })
  @MaxLength(2000, { message: 'reason must be at most 2,000 characters' })
  reason!: string;

  @ApiPropertyOptional({ description: 'The published version to retire (default: the one in force today).' })
  @IsOptional()
  @IsInt({ message: 'version must be a version number' })
  @Min(1, { message: 'version must be a version number' })
  version?: number;
}

export class RequestChangesDto {
  @ApiProperty({ description: 'What the submitter should change (kept in the history).' })
  @IsString({ message: 'comment must say what to change' })
  @Matches(/\S/, { message: 'comment must say what to change' })
  @MaxLength(2000, { message: 'comment must be at most 2,000 characters' })
  comment!: string;
}

export class ParameterSetIdParamDto {
  @Matches(/^[a-z0-9][a-z0-9_-]{0,99}$/, { message: 'setId must be a parameter set id' })
  setId!: string;
}

export class SaveParameterDraftDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The whole parameter set JSON (definitions/parameters/<id>.json).',
  })
  @IsObject({ message: 'parameter_set must be a parameter set object' })
  parameter_set!: Record<string, unknown>;

  @ApiProperty({
    description:
      'The checksum of what this edit started from: the open parameter draft, or the stored set when there was none. A different one → 409 naming who changed it.',
  })
  @Matches(/^[0-9a-f]{64}$/, {
    message: 'base_checksum must be the checksum of the parameters you opened',
  })
  base_checksum!: string;
}
