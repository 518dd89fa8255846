import { ApiProperty } from '@nestjs/swagger';
import type { DefinitionSummary } from './definitions.service';

// The public definition answers as the OpenAPI document describes them; the web app's types are
// generated from it. The definition and parameter set JSON are the engine's types (@reclaim/engine).

export class DefinitionSummaryDto implements DefinitionSummary {
  @ApiProperty() id!: string;
  @ApiProperty() serviceType!: string;
  @ApiProperty() version!: number;
  @ApiProperty({ description: 'published, or for staff also draft, submitted, approved …' }) status!: string;
  @ApiProperty() title!: string;
  @ApiProperty({ format: 'date' }) effectiveFrom!: string;
}

export class PublishedDefinitionDto {
  @ApiProperty({
    type: 'object',
    additionalProperties: true,
    description: 'The assessment definition JSON (engine AssessmentDefinition)',
  })
  definition!: Record<string, unknown>;
  @ApiProperty({
    type: 'array',
    items: { type: 'object', additionalProperties: true },
    description: 'The parameter sets in force on asOf (engine ParameterSet)',
  })
  parameterSets!: Record<string, unknown>[];
  @ApiProperty({ format: 'date' }) asOf!: string;
}
