import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsBoolean, IsEmail, IsString, IsUUID, Length, MaxLength } from 'class-validator';
import { PASSWORD_MAX_LENGTH } from './password-policy';
import { IsOptional } from '../../common/validation';

export class LoginDto {
  @ApiProperty({ description: 'The e-mail address' })
  @IsString()
  @Length(1, 254)
  username!: string;

  @ApiProperty()
  @IsString()
  @Length(1, PASSWORD_MAX_LENGTH)
  password!: string;

  @ApiPropertyOptional({ description: 'Refresh token lasts 30 days instead of 1' })
  @IsOptional()
  @IsBoolean()
  remember?: boolean;
}

export class RegisterDto {
  @ApiProperty()
  @IsEmail({}, { message: 'email must be an email' })
  @MaxLength(254)
  email!: string;

  // Length policy (≥ 8, common passwords) is checked in the service so the message is specific.
  @ApiProperty({ minLength: 8 })
  @IsString()
  @MaxLength(PASSWORD_MAX_LENGTH)
  password!: string;

  @ApiPropertyOptional({ maxLength: 150 })
  @IsOptional()
  @IsString()
  @MaxLength(150)
  display_name?: string;

  @ApiPropertyOptional({ maxLength: 150 })
  @IsOptional()
  @IsString()
  @Length(1, 150)
  username?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsBoolean()
  remember?: boolean;
}

export class RefreshDto {
  @ApiProperty()
  @IsString()
  @Length(1, 4096)
  refresh!: string;
}

export class VerifyDto {
  @ApiProperty()
  @IsString()
  @Length(1, 4096)
  token!: string;
}

export class PasswordResetDto {
  @ApiProperty()
  @IsEmail({}, { message: 'email must be an email' })
  @MaxLength(254)
  email!: string;
}

export class PasswordResetConfirmDto {
  @ApiProperty()
  @IsUUID('all', { message: 'uid must be a valid id' })
  uid!: string;

  @ApiProperty()
  @IsString()
  @Length(1, 256)
  token!: string;

  @ApiProperty({ minLength: 8 })
  @IsString()
  @MaxLength(PASSWORD_MAX_LENGTH)
  new_password!: string;
}

export class PasswordChangeDto {
  @ApiProperty()
  @IsString()
  @Length(1, PASSWORD_MAX_LENGTH)
  current_password!: string;

  @ApiProperty({ minLength: 8 })
  @IsString()
  @MaxLength(PASSWORD_MAX_LENGTH)
  new_password!: string;
}

export class TokenPairResponse {
  @ApiProperty() access!: string;
  @ApiProperty() refresh!: string;
}

export class DetailResponse {
  @ApiProperty() detail!: string;
}

export class VerifyResponse {
  @ApiProperty() valid!: boolean;
}

export class PasswordChangeResponse extends TokenPairResponse {
  @ApiProperty() detail!: string;
}

export class EmailChangeUndoDto {
  @ApiProperty({ description: 'The token from the link e-mailed to the old address' })
  @IsString()
  @Length(1, 200)
  token!: string;
}

export class EmailChangeUndoResponse {
  @ApiProperty() detail!: string;
  @ApiProperty({ description: 'The restored address' }) email!: string;
}

export class LoginLinkDto {
  @ApiProperty({ description: 'The e-mail address of the account' })
  @IsEmail({}, { message: 'email must be an email' })
  @MaxLength(254)
  email!: string;
}

export class LoginLinkConfirmDto {
  @ApiProperty()
  @IsUUID('all', { message: 'uid must be a valid id' })
  uid!: string;

  @ApiProperty({ description: 'The token from the e-mailed link' })
  @IsString()
  @Length(1, 256)
  token!: string;

  @ApiPropertyOptional({ description: 'Refresh token lasts 30 days instead of 1' })
  @IsOptional()
  @IsBoolean()
  remember?: boolean;
}

export class AcceptInviteDto {
  @ApiProperty()
  @IsUUID('all', { message: 'uid must be a valid id' })
  uid!: string;

  @ApiProperty({ description: 'The token from the invitation link' })
  @IsString()
  @Length(1, 256)
  token!: string;

  @ApiProperty({ minLength: 8 })
  @IsString()
  @MaxLength(PASSWORD_MAX_LENGTH)
  new_password!: string;
}

export class AcceptInviteResponse {
  @ApiProperty() detail!: string;
  @ApiProperty({ description: 'The account’s address, to sign in with' }) email!: string;
}
