import { ApiProperty } from '@nestjs/swagger';
import type {
  AssessmentResponse,
  AssessmentSummary,
  DocumentTaskResponse,
  PendingDocumentTaskResponse,
} from './assessment.serializer';

// The assessment answers as the OpenAPI document describes them. The web app's types are
// generated from that document (web/src/app/api-schema.gen.ts), so these classes are the
// contract: a field added to the serializer must be added here or tsc fails (`implements`).

/** An assessment as the API returns it; result fields (sdlt_*, cgt_* …) are spread at the top level. */
export class AssessmentResponseDto implements AssessmentResponse {
  [resultField: string]: unknown;
  @ApiProperty({ description: 'The same as id (eligibility spec section 7).' }) assessment_id!: string;
  @ApiProperty() id!: string;
  @ApiProperty({ nullable: true, type: String }) claim_id!: string | null;
  @ApiProperty() user_id!: string;
  @ApiProperty() service_type!: string;
  @ApiProperty() assessment_type!: string;
  @ApiProperty() service_name!: string;
  @ApiProperty({ type: 'object', additionalProperties: true }) answers!: Record<string, unknown>;
  @ApiProperty() current_step!: number;
  @ApiProperty({ description: 'in_progress, submitted or COMPLETED' }) status!: string;
  @ApiProperty() version!: number;
  @ApiProperty() definition_version!: number;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) submitted_at!: string | null;
  @ApiProperty({
    nullable: true,
    type: 'object',
    additionalProperties: true,
    description: 'The engine evaluation (eligibility, complexity, value, approach, documents, trace).',
  })
  results!: Record<string, unknown> | null;
}

export class DocumentTaskResponseDto implements DocumentTaskResponse {
  @ApiProperty() id!: string;
  @ApiProperty({ description: 'The requirement id from the definition.' }) document_id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
  @ApiProperty() required!: boolean;
  @ApiProperty({ enum: ['pending', 'completed'] }) status!: 'pending' | 'completed';
  @ApiProperty({ nullable: true, type: String }) uploaded_document_id!: string | null;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) completed_at!: string | null;
  @ApiProperty({
    nullable: true,
    type: String,
    format: 'date',
    description: 'Staff requests: when it is due.',
  })
  due_date!: string | null;
  @ApiProperty({ description: 'Asked for by staff (description says why), not by the assessment.' })
  requested_by_staff!: boolean;
  @ApiProperty({ format: 'date-time' }) requested_at!: string;
}

export class SubmitAssessmentResponseDto {
  @ApiProperty() claim_id!: string;
  @ApiProperty({ type: AssessmentResponseDto }) assessment!: AssessmentResponseDto;
}

/** One row of GET /api/assessments/: what a list shows, without answers or results. */
export class AssessmentSummaryDto implements AssessmentSummary {
  @ApiProperty() assessment_id!: string;
  @ApiProperty() id!: string;
  @ApiProperty({ nullable: true, type: String }) claim_id!: string | null;
  @ApiProperty() user_id!: string;
  @ApiProperty() service_type!: string;
  @ApiProperty() assessment_type!: string;
  @ApiProperty() service_name!: string;
  @ApiProperty() current_step!: number;
  @ApiProperty({ description: 'in_progress, submitted or COMPLETED' }) status!: string;
  @ApiProperty() version!: number;
  @ApiProperty() definition_version!: number;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) submitted_at!: string | null;
}

export class PendingDocumentTaskResponseDto
  extends DocumentTaskResponseDto
  implements PendingDocumentTaskResponse
{
  @ApiProperty() assessment_id!: string;
  @ApiProperty() service_type!: string;
  @ApiProperty() service_name!: string;
}
