import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsNotEmpty, IsString, IsUUID, MaxLength } from 'class-validator';
import { PaginationQueryDto } from '../../../common/pagination';
import { IsOptional } from '../../../common/validation';

export class CreateThreadDto {
  @ApiProperty({ maxLength: 200 })
  @IsString({ message: 'subject must be text' })
  @IsNotEmpty({ message: 'subject is required' })
  @MaxLength(200)
  subject!: string;

  @ApiProperty({ maxLength: 10000 })
  @IsString({ message: 'body must be text' })
  @IsNotEmpty({ message: 'body is required' })
  @MaxLength(10000)
  body!: string;

  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'claim_id must be a UUID' })
  claim_id?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Staff only: the client the thread is with.' })
  @IsOptional()
  @IsUUID('all', { message: 'client_id must be a UUID' })
  client_id?: string;
}

export class PostMessageDto {
  @ApiProperty({ maxLength: 10000 })
  @IsString({ message: 'body must be text' })
  @IsNotEmpty({ message: 'body is required' })
  @MaxLength(10000)
  body!: string;
}

export class ListThreadsQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({ format: 'uuid' })
  @IsOptional()
  @IsUUID('all', { message: 'claim_id must be a UUID' })
  claim_id?: string;

  @ApiPropertyOptional({ format: 'uuid', description: 'Staff: one client’s threads.' })
  @IsOptional()
  @IsUUID('all', { message: 'client_id must be a UUID' })
  client_id?: string;
}
