import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { Type } from 'class-transformer';
import {
  IsBoolean,
  IsEmail,
  IsString,
  IsUrl,
  Length,
  MaxLength,
  ValidateIf,
  ValidateNested,
} from 'class-validator';
import type { NotificationPreferences, User, UserRole } from './user.entity';
import { IsOptional } from '../../common/validation';

export interface UserDto {
  id: string;
  username: string;
  display_name: string;
  email: string;
  avatar: string | null;
  role: UserRole;
  is_staff: boolean;
  is_active: boolean;
  date_joined: string;
  last_login: string | null;
  notification_preferences: NotificationPreferences;
}

/** The contract's User: only these fields ever leave the server (no hash, no version). */
export function toUserDto(user: User): UserDto {
  return {
    id: user.id,
    username: user.username,
    display_name: user.displayName,
    email: user.email,
    avatar: user.avatar,
    role: user.role,
    is_staff: user.isStaff,
    is_active: user.isActive,
    date_joined: user.dateJoined.toISOString(),
    last_login: user.lastLogin ? user.lastLogin.toISOString() : null,
    notification_preferences: { ...user.notificationPreferences },
  };
}

export class NotificationPreferencesDto {
  @ApiPropertyOptional() @IsOptional() @IsBoolean() email_claim_updates?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() email_messages?: boolean;
  @ApiPropertyOptional() @IsOptional() @IsBoolean() email_news?: boolean;
}

/** Profile fields only: role, is_staff, is_active and anything else → 400 (forbidNonWhitelisted). */
export class UpdateCurrentUserDto {
  @ApiPropertyOptional({ maxLength: 150 })
  @IsOptional()
  @IsString()
  @MaxLength(150)
  display_name?: string;

  @ApiPropertyOptional({ minLength: 1, maxLength: 150 })
  @IsOptional()
  @IsString()
  @Length(1, 150)
  username?: string;

  @ApiPropertyOptional({
    type: String,
    nullable: true,
    maxLength: 500,
    description: 'http(s) URL of the avatar image, or null',
  })
  @ValidateIf((_o, v) => v !== null && v !== undefined)
  @IsString()
  @MaxLength(500)
  @IsUrl(
    { protocols: ['http', 'https'], require_protocol: true },
    { message: 'avatar must be an http(s) URL' },
  )
  avatar?: string | null;

  @ApiPropertyOptional({ maxLength: 254 })
  @IsOptional()
  @IsEmail({}, { message: 'email must be an email' })
  @MaxLength(254)
  email?: string;

  @ApiPropertyOptional({
    maxLength: 1024,
    description: 'The current password; required when `email` changes the address',
  })
  @IsOptional()
  @IsString()
  @Length(1, 1024)
  current_password?: string;

  @ApiPropertyOptional({ type: NotificationPreferencesDto })
  @IsOptional()
  @ValidateNested()
  @Type(() => NotificationPreferencesDto)
  notification_preferences?: NotificationPreferencesDto;
}

export class DeleteCurrentUserDto {
  @ApiProperty({ description: 'The current password, to confirm erasure' })
  @IsString()
  @Length(1, 1024)
  password!: string;
}

export class UserResponse implements UserDto {
  @ApiProperty() id!: string;
  @ApiProperty() username!: string;
  @ApiProperty() display_name!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ nullable: true, type: String }) avatar!: string | null;
  @ApiProperty({ enum: ['CLIENT', 'STAFF', 'ADMIN'] }) role!: UserRole;
  @ApiProperty() is_staff!: boolean;
  @ApiProperty() is_active!: boolean;
  @ApiProperty() date_joined!: string;
  @ApiProperty({ nullable: true, type: String }) last_login!: string | null;
  @ApiProperty({ type: NotificationPreferencesDto }) notification_preferences!: NotificationPreferences;
}
