import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { ALL_CLAIM_STATUSES, type ClaimStatus } from '../claims/claim-status';
import { ClaimUserDto } from '../claims/claim.response';
import { USER_ROLES } from '../users/user.entity';
import { BULK_ACTIONS, DUE_FILTERS } from './workbench.dto';

// The workbench's answers as the OpenAPI document describes them (web types are generated).

export class WorkbenchPersonDto {
  @ApiProperty() id!: string;
  @ApiProperty() display_name!: string;
}

export class StaffMemberDto extends WorkbenchPersonDto {
  @ApiProperty({ enum: USER_ROLES, enumName: 'Role' }) role!: string;
}

export class DeadlineDto {
  @ApiProperty({ format: 'date', description: 'The statutory deadline the engine worked out.' })
  date!: string;
  @ApiProperty({ description: 'What it is the limit of, and the law.' }) label!: string;
}

export class ClaimDeadlineDto extends DeadlineDto {
  @ApiProperty({
    nullable: true,
    type: Number,
    description: 'Days left (negative once passed); null once the claim is filed or closed.',
  })
  days_left!: number | null;
}

export class SlaStateDto {
  @ApiProperty() working_days!: number;
  @ApiProperty({ format: 'date-time' }) due_at!: string;
  @ApiProperty() breached!: boolean;
}

export class WorkbenchRowDto {
  @ApiProperty() id!: string;
  @ApiProperty() reference!: string;
  @ApiProperty() assessment_id!: string;
  @ApiProperty({ enum: ALL_CLAIM_STATUSES, enumName: 'ClaimStatus' }) status!: string;
  @ApiProperty() status_label!: string;
  @ApiProperty({ enum: ['application', 'claim'], enumName: 'ClaimStage' }) stage!: 'application' | 'claim';
  @ApiProperty({ enum: ALL_CLAIM_STATUSES, enumName: 'ClaimStatus', isArray: true })
  next_statuses!: ClaimStatus[];
  @ApiProperty() service_type!: string;
  @ApiProperty() service_name!: string;
  @ApiProperty({ type: ClaimUserDto }) client!: ClaimUserDto;
  @ApiProperty({ nullable: true, type: WorkbenchPersonDto }) assignee!: WorkbenchPersonDto | null;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) status_changed_at!: string;
  @ApiProperty({ nullable: true, type: ClaimDeadlineDto }) deadline!: ClaimDeadlineDto | null;
  @ApiProperty({ nullable: true, type: SlaStateDto }) sla!: SlaStateDto | null;
  @ApiPropertyOptional({
    type: DeadlineDto,
    isArray: true,
    description: 'On a single claim: every deadline.',
  })
  deadlines?: DeadlineDto[];
}

export class WorkbenchPageDto {
  @ApiProperty({ type: WorkbenchRowDto, isArray: true }) results!: WorkbenchRowDto[];
  @ApiProperty() count!: number;
  @ApiProperty() page!: number;
  @ApiProperty() page_size!: number;
}

export class SavedViewFiltersDto {
  @ApiPropertyOptional({ enum: ALL_CLAIM_STATUSES, enumName: 'ClaimStatus' }) status?: string;
  @ApiPropertyOptional() service?: string;
  @ApiPropertyOptional() assignee?: string;
  @ApiPropertyOptional({ enum: DUE_FILTERS }) due?: string;
  @ApiPropertyOptional() search?: string;
}

export class SavedViewResponseDto {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ type: SavedViewFiltersDto }) filters!: SavedViewFiltersDto;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class SavedViewListDto {
  @ApiProperty({ type: SavedViewResponseDto, isArray: true }) results!: SavedViewResponseDto[];
}

export class SlaTargetResponseDto {
  @ApiProperty({ enum: ALL_CLAIM_STATUSES, enumName: 'ClaimStatus' }) status!: string;
  @ApiProperty() status_label!: string;
  @ApiProperty() working_days!: number;
}

export class SlaTargetsResponseDto {
  @ApiProperty({ type: SlaTargetResponseDto, isArray: true }) targets!: SlaTargetResponseDto[];
}

export class StaffListDto {
  @ApiProperty({ type: StaffMemberDto, isArray: true }) results!: StaffMemberDto[];
}

export class ServiceStaffDto {
  @ApiProperty() service_type!: string;
  @ApiPropertyOptional() service_name?: string;
  @ApiProperty({ type: WorkbenchPersonDto, isArray: true }) staff!: WorkbenchPersonDto[];
}

export class ServiceStaffListDto {
  @ApiProperty({ type: ServiceStaffDto, isArray: true }) results!: ServiceStaffDto[];
}

export class BulkResultDto {
  @ApiProperty() claim_id!: string;
  @ApiProperty() ok!: boolean;
  @ApiProperty({ nullable: true, type: String, description: 'Why this claim was not changed.' })
  error!: string | null;
}

export class BulkResultsDto {
  @ApiProperty({ enum: BULK_ACTIONS }) action!: string;
  @ApiProperty({ type: BulkResultDto, isArray: true }) results!: BulkResultDto[];
}

export class TimelineItemDto {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ['status', 'message', 'document', 'assignment'] }) kind!: string;
  @ApiProperty({ format: 'date-time' }) at!: string;
  @ApiProperty({ nullable: true, type: WorkbenchPersonDto }) actor!: WorkbenchPersonDto | null;
  @ApiProperty() text!: string;
  @ApiProperty() detail!: string;
}

export class TimelineDto {
  @ApiProperty() claim_id!: string;
  @ApiProperty() reference!: string;
  @ApiProperty({ type: TimelineItemDto, isArray: true }) items!: TimelineItemDto[];
}
