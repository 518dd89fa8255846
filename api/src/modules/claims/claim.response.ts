import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { USER_ROLES } from '../users/user.entity';
import { ALL_CLAIM_STATUSES } from './claim-status';
import type { ClaimResponse } from './claim.serializer';

// The claim answers as the OpenAPI document describes them; the web app's types are generated
// from it (web/src/app/api-schema.gen.ts). `implements` holds these classes to the serializer.

type TimelineEntry = NonNullable<ClaimResponse['timeline']>[number];

/** Who did something: a person's id, shown name and role. */
export class ActorDto {
  @ApiProperty() id!: string;
  @ApiProperty() display_name!: string;
  @ApiProperty({ enum: USER_ROLES, enumName: 'Role' }) role!: string;
}

export class ValueRangeDto {
  @ApiProperty() low!: number;
  @ApiProperty() median!: number;
  @ApiProperty() high!: number;
}

export class ClaimUserDto {
  @ApiProperty() id!: string;
  @ApiProperty() email!: string;
  @ApiProperty() display_name!: string;
}

export class ClaimTimelineEntryDto implements TimelineEntry {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ALL_CLAIM_STATUSES, enumName: 'ClaimStatus' }) status!: string;
  @ApiProperty() note!: string;
  @ApiProperty({ nullable: true, type: ActorDto }) actor!: ActorDto | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class ClaimResponseDto implements ClaimResponse {
  @ApiProperty() id!: string;
  @ApiProperty() reference!: string;
  @ApiProperty() assessment_id!: string;
  @ApiProperty({ type: ClaimUserDto }) user!: ClaimUserDto;
  @ApiProperty() service_type!: string;
  @ApiProperty() service_name!: string;
  @ApiProperty({ enum: ALL_CLAIM_STATUSES, enumName: 'ClaimStatus' }) status!: string;
  @ApiProperty({ enum: ['application', 'claim'], enumName: 'ClaimStage' }) stage!: 'application' | 'claim';
  @ApiProperty({
    enum: ALL_CLAIM_STATUSES,
    enumName: 'ClaimStatus',
    isArray: true,
    description: 'Where staff may move it next, the usual next step first.',
  })
  next_statuses!: (
    | 'submitted'
    | 'in_review'
    | 'documents_requested'
    | 'ready_to_file'
    | 'filed'
    | 'accepted'
    | 'paid'
    | 'rejected'
    | 'withdrawn'
  )[];
  @ApiProperty({ nullable: true, type: ValueRangeDto }) estimated_value!: ValueRangeDto | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Pounds HMRC repaid, recorded when paid.' })
  amount_repaid!: number | null;
  @ApiProperty({ nullable: true, type: Number, description: 'Our fee in pounds, recorded when paid.' })
  fee!: number | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
  @ApiPropertyOptional({ type: ClaimTimelineEntryDto, isArray: true, description: 'On a single claim only.' })
  timeline?: ClaimTimelineEntryDto[];
}

export class ClaimPageDto {
  @ApiProperty({ type: ClaimResponseDto, isArray: true }) results!: ClaimResponseDto[];
  @ApiProperty() count!: number;
  @ApiProperty() page!: number;
  @ApiProperty() page_size!: number;
}
