import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsEmail, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { IsOptional } from '../../../common/validation';

export class CreateContactMessageDto {
  @ApiProperty({ maxLength: 200 })
  @IsString({ message: 'name must be text' })
  @IsNotEmpty({ message: 'name is required' })
  @MaxLength(200)
  name!: string;

  @ApiProperty()
  @IsEmail({}, { message: 'email must be an email' })
  @MaxLength(254)
  email!: string;

  @ApiPropertyOptional({ maxLength: 40 })
  @IsOptional()
  @IsString({ message: 'phone must be text' })
  @Matches(/^[0-9+()\-\s]{0,40}$/, { message: 'phone may only hold digits, spaces and + ( ) -' })
  phone?: string;

  @ApiProperty({ maxLength: 200 })
  @IsString({ message: 'subject must be text' })
  @IsNotEmpty({ message: 'subject is required' })
  @MaxLength(200)
  subject!: string;

  @ApiProperty({ maxLength: 5000 })
  @IsString({ message: 'message must be text' })
  @IsNotEmpty({ message: 'message is required' })
  @MaxLength(5000)
  message!: string;
}
