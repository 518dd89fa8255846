import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsEmail, IsIn, IsISO8601, IsString, IsUUID, Matches, MaxLength } from 'class-validator';
import { PaginationQueryDto } from '../../../common/pagination';
import { USER_ROLES, type UserRole } from '../../users/user.entity';
import { IsOptional } from '../../../common/validation';

export class ListUsersQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({ description: 'E-mail, username or display name contains.' })
  @IsOptional()
  @IsString()
  @MaxLength(100)
  search?: string;

  @ApiPropertyOptional({ enum: USER_ROLES })
  @IsOptional()
  @IsIn(USER_ROLES, { message: `role must be one of ${USER_ROLES.join(', ')}` })
  role?: UserRole;
}

export class UpdateUserDto {
  @ApiPropertyOptional({ enum: USER_ROLES })
  @IsOptional()
  @IsIn(USER_ROLES, { message: `role must be one of ${USER_ROLES.join(', ')}` })
  role?: UserRole;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean({ message: 'is_active must be true or false' })
  is_active?: boolean;

  @ApiPropertyOptional({
    description: 'Must be true when `role` changes: the administrator confirmed the new role (issue 29 §6).',
  })
  @IsOptional()
  @IsBoolean({ message: 'confirm_role_change must be true or false' })
  confirm_role_change?: boolean;
}

export const INVITE_ROLES = ['STAFF', 'ADMIN'] as const satisfies readonly UserRole[];

export class InviteStaffDto {
  @ApiProperty({ maxLength: 254, description: 'The address the invitation link is sent to' })
  @IsEmail({}, { message: 'email must be an email' })
  @MaxLength(254, { message: 'email must be at most 254 characters' })
  email!: string;

  @ApiProperty({ enum: INVITE_ROLES })
  @IsIn(INVITE_ROLES, { message: `role must be one of ${INVITE_ROLES.join(', ')}` })
  role!: (typeof INVITE_ROLES)[number];

  @ApiPropertyOptional({ maxLength: 150 })
  @IsOptional()
  @IsString()
  @MaxLength(150, { message: 'display_name must be at most 150 characters' })
  display_name?: string;
}

export class ListActivityLogsQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'user must be a UUID' })
  user?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @Matches(/^[a-z0-9_.:-]{1,64}$/, { message: 'action must be an action name' })
  action?: string;

  @ApiPropertyOptional({ description: 'ISO 8601 date or date-time (inclusive)' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'from must be an ISO 8601 date' })
  from?: string;

  @ApiPropertyOptional({ description: 'ISO 8601 date or date-time (a date means the whole day)' })
  @IsOptional()
  @IsISO8601({ strict: true }, { message: 'to must be an ISO 8601 date' })
  to?: string;
}
