import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import { IsIn, IsInt, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import { IsOptional } from '../../../common/validation';
import { DefinitionIdParamDto } from '../adviser.dto';

export class ImpactRunParamDto extends DefinitionIdParamDto {
  @Matches(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/, {
    message: 'runId must be the id of an impact run',
  })
  runId!: string;
}

export const IMPACT_CHANGED_FILTERS = ['any', 'likelihood', 'approach', 'value', 'all'] as const;
export type ImpactChangedFilter = (typeof IMPACT_CHANGED_FILTERS)[number];

export class ImpactResultsQueryDto {
  @ApiPropertyOptional({
    enum: IMPACT_CHANGED_FILTERS,
    default: 'any',
    description: 'Which rows: outcome changed at all (any), in one part, or every replayed assessment (all).',
  })
  @IsOptional()
  @IsIn(IMPACT_CHANGED_FILTERS, { message: `changed must be one of ${IMPACT_CHANGED_FILTERS.join(', ')}` })
  changed?: ImpactChangedFilter;

  @ApiPropertyOptional({ description: 'Stored likelihood equals (e.g. Likely).' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  likelihood_before?: string;

  @ApiPropertyOptional({ description: 'Replayed likelihood equals (e.g. Possible).' })
  @IsOptional()
  @IsString()
  @MaxLength(50)
  likelihood_after?: string;

  @ApiPropertyOptional({ description: 'Client name or claim reference contains.' })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  q?: string;

  @ApiPropertyOptional({ minimum: 1, default: 1 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page must be a whole number' })
  @Min(1, { message: 'page must be 1 or more' })
  @Max(1_000_000)
  page?: number;

  @ApiPropertyOptional({ minimum: 1, maximum: 200, default: 50 })
  @IsOptional()
  @Type(() => Number)
  @IsInt({ message: 'page_size must be a whole number' })
  @Min(1, { message: 'page_size must be between 1 and 200' })
  @Max(200, { message: 'page_size must be between 1 and 200' })
  page_size?: number;
}

/** Issue 29 item 3: an impact run of a parameter set's draft (a rate change). */
export class StartParameterImpactDto {
  @ApiProperty({ description: 'The parameter set whose open draft is replayed', example: 'sdlt' })
  @IsString({ message: 'set_id must be a parameter set id' })
  @Matches(/^[a-z0-9][a-z0-9_-]{0,99}$/, { message: 'set_id must be a parameter set id' })
  set_id!: string;
}
