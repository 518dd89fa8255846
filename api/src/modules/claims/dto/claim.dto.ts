import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsString, IsUUID, MaxLength } from 'class-validator';
import { PaginationQueryDto } from '../../../common/pagination';
import { ALL_CLAIM_STATUSES, type ClaimStage, type ClaimStatus } from '../claim-status';
import { IsOptional } from '../../../common/validation';

export class ListClaimsQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({ enum: ['application', 'claim'] })
  @IsOptional()
  @IsIn(['application', 'claim'], { message: 'stage must be application or claim' })
  stage?: ClaimStage;

  @ApiPropertyOptional({ enum: ALL_CLAIM_STATUSES })
  @IsOptional()
  @IsIn(ALL_CLAIM_STATUSES, { message: `status must be one of ${ALL_CLAIM_STATUSES.join(', ')}` })
  status?: ClaimStatus;

  @ApiPropertyOptional({ format: 'uuid', description: 'Staff: one client’s claims.' })
  @IsOptional()
  @IsUUID('all', { message: 'user must be a UUID' })
  user?: string;

  @ApiPropertyOptional({ description: 'Staff: reference, client e-mail or name contains.' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;
}

export class ChangeClaimStatusDto {
  @ApiProperty({ enum: ALL_CLAIM_STATUSES })
  @IsIn(ALL_CLAIM_STATUSES, { message: `status must be one of ${ALL_CLAIM_STATUSES.join(', ')}` })
  status!: ClaimStatus;

  @ApiPropertyOptional({ maxLength: 2000 })
  @IsOptional()
  @IsString({ message: 'note must be text' })
  @MaxLength(2000)
  note?: string;
}
