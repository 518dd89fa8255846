import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayMinSize,
  ArrayUnique,
  IsArray,
  IsIn,
  IsInt,
  IsNotEmpty,
  IsString,
  IsUUID,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import { PaginationQueryDto } from '../../common/pagination';
import { IsOptional } from '../../common/validation';
import { ALL_CLAIM_STATUSES, type ClaimStatus } from '../claims/claim-status';

/** The most claims one bulk action names. */
export const MAX_BULK_CLAIMS = 100;
/** The most saved views one staff member keeps. */
export const MAX_SAVED_VIEWS = 50;
export const DUE_FILTERS = ['overdue', 'due_soon'] as const;
export type DueFilter = (typeof DUE_FILTERS)[number];
// A strict UUID: PostgreSQL refuses other text in a uuid column (a 500, not a 400).
const ASSIGNEE_PATTERN =
  /^(mine|unassigned|[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12})$/;
const SERVICE_PATTERN = /^[a-z0-9_]{1,100}$/;

/** The workbench's filters (a saved view stores exactly these). */
export class WorkbenchFiltersDto {
  @ApiPropertyOptional({ enum: ALL_CLAIM_STATUSES })
  @IsOptional()
  @IsIn(ALL_CLAIM_STATUSES, { message: `status must be one of ${ALL_CLAIM_STATUSES.join(', ')}` })
  status?: ClaimStatus;

  @ApiPropertyOptional({ maxLength: 100, description: 'Service type code (e.g. sdlt_refund).' })
  @IsOptional()
  @IsString()
  @Matches(SERVICE_PATTERN, { message: 'service must be a service code (a–z, 0–9, _)' })
  service?: string;

  @ApiPropertyOptional({ description: '"mine", "unassigned" or a staff member’s id.', maxLength: 36 })
  @IsOptional()
  @IsString()
  @Matches(ASSIGNEE_PATTERN, { message: 'assignee must be mine, unassigned or a user id' })
  assignee?: string;

  @ApiPropertyOptional({
    enum: DUE_FILTERS,
    description: 'overdue: deadline or SLA passed; due_soon: deadline within 30 days.',
  })
  @IsOptional()
  @IsIn(DUE_FILTERS, { message: 'due must be overdue or due_soon' })
  due?: DueFilter;

  @ApiPropertyOptional({ maxLength: 100, description: 'Reference, client e-mail or name contains.' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;
}

export class WorkbenchQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({ enum: ALL_CLAIM_STATUSES })
  @IsOptional()
  @IsIn(ALL_CLAIM_STATUSES, { message: `status must be one of ${ALL_CLAIM_STATUSES.join(', ')}` })
  status?: ClaimStatus;

  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptional()
  @IsString()
  @Matches(SERVICE_PATTERN, { message: 'service must be a service code (a–z, 0–9, _)' })
  service?: string;

  @ApiPropertyOptional({ description: '"mine", "unassigned" or a staff member’s id.', maxLength: 36 })
  @IsOptional()
  @IsString()
  @Matches(ASSIGNEE_PATTERN, { message: 'assignee must be mine, unassigned or a user id' })
  assignee?: string;

  @ApiPropertyOptional({ enum: DUE_FILTERS })
  @IsOptional()
  @IsIn(DUE_FILTERS, { message: 'due must be overdue or due_soon' })
  due?: DueFilter;

  @ApiPropertyOptional({ maxLength: 100 })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;
}

export class SavedViewDto {
  @ApiProperty({ maxLength: 80 })
  @IsString({ message: 'name must be text' })
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(80)
  name!: string;

  @ApiProperty({ type: WorkbenchFiltersDto })
  @ValidateNested()
  @Type(() => WorkbenchFiltersDto)
  filters!: WorkbenchFiltersDto;
}

export class SlaTargetItemDto {
  @ApiProperty({ enum: ALL_CLAIM_STATUSES })
  @IsIn(ALL_CLAIM_STATUSES, { message: `status must be one of ${ALL_CLAIM_STATUSES.join(', ')}` })
  status!: ClaimStatus;

  @ApiProperty({ minimum: 1, maximum: 365 })
  @IsInt({ message: 'working_days must be a whole number' })
  @Min(1)
  @Max(365)
  working_days!: number;
}

export class SetSlaTargetsDto {
  @ApiProperty({ type: [SlaTargetItemDto], maxItems: ALL_CLAIM_STATUSES.length })
  @IsArray()
  @ArrayMaxSize(ALL_CLAIM_STATUSES.length)
  @ValidateNested({ each: true })
  @Type(() => SlaTargetItemDto)
  targets!: SlaTargetItemDto[];
}

export class ServiceParamDto {
  @ApiProperty({ maxLength: 100 })
  @IsString()
  @Matches(SERVICE_PATTERN, { message: 'service must be a service code (a–z, 0–9, _)' })
  service!: string;
}

export class SetServiceStaffDto {
  @ApiProperty({ type: [String], format: 'uuid', maxItems: 100 })
  @IsArray()
  @ArrayMaxSize(100)
  @ArrayUnique()
  @IsUUID('all', { each: true, message: 'user_ids must be user ids' })
  user_ids!: string[];
}

export class AssignDto {
  @ApiProperty({ type: String, format: 'uuid', nullable: true, description: 'Null to unassign.' })
  @ValidateIf((_o, v) => v !== null)
  @IsUUID('all', { message: 'assignee_id must be a user id or null' })
  assignee_id!: string | null;
}

export const BULK_ACTIONS = ['assign', 'status', 'message'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

export class BulkActionDto {
  @ApiProperty({ enum: BULK_ACTIONS })
  @IsIn(BULK_ACTIONS, { message: 'action must be assign, status or message' })
  action!: BulkAction;

  @ApiProperty({ type: [String], format: 'uuid', minItems: 1, maxItems: MAX_BULK_CLAIMS })
  @IsArray()
  @ArrayMinSize(1, { message: 'claim_ids must name at least one claim' })
  @ArrayMaxSize(MAX_BULK_CLAIMS, { message: `claim_ids may name at most ${MAX_BULK_CLAIMS} claims` })
  @ArrayUnique({ message: 'claim_ids must not repeat a claim' })
  @IsUUID('all', { each: true, message: 'claim_ids must be claim ids' })
  claim_ids!: string[];

  @ApiPropertyOptional({
    type: String,
    format: 'uuid',
    nullable: true,
    description: 'assign: the staff member (null unassigns).',
  })
  @ValidateIf((o: BulkActionDto) => o.action === 'assign' && o.assignee_id !== null)
  @IsUUID('all', { message: 'assignee_id must be a user id or null' })
  assignee_id?: string | null;

  @ApiPropertyOptional({ enum: ALL_CLAIM_STATUSES, description: 'status: the new status.' })
  @ValidateIf((o: BulkActionDto) => o.action === 'status')
  @IsIn(ALL_CLAIM_STATUSES, { message: `status must be one of ${ALL_CLAIM_STATUSES.join(', ')}` })
  status?: ClaimStatus;

  @ApiPropertyOptional({ maxLength: 2000, description: 'status: a note for the timeline.' })
  @IsOptional()
  @IsString()
  @MaxLength(2000)
  note?: string;

  @ApiPropertyOptional({
    maxLength: 100,
    description:
      'message: the message template to send (its version in use); merge fields are filled per claim.',
  })
  @ValidateIf((o: BulkActionDto) => o.action === 'message')
  @IsString({ message: 'template_key must be text' })
  @IsNotEmpty({ message: 'template_key is required to send a message' })
  @MaxLength(100)
  @Matches(/^[a-z][a-z0-9_]*$/, { message: 'template_key must be a template key such as claim_update' })
  template_key?: string;

  @ApiPropertyOptional({
    maxLength: 5000,
    description: 'message: the text for the template’s {{message}} merge field, when it has one.',
  })
  @IsOptional()
  @IsString({ message: 'message must be text' })
  @MaxLength(5000)
  message?: string;
}
