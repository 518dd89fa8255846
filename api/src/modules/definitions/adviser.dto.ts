import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsObject, Matches } from 'class-validator';
import { IsCalendarDate, IsOptional } from '../../common/validation';

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
      'The checksum of the open draft this edit started from: a different one → 409 naming who saved it.',
  })
  @IsOptional()
  @Matches(/^[0-9a-f]{64}$/, { message: 'base_checksum must be the checksum of the draft you opened' })
  base_checksum?: string;
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
