import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsInt, IsNotEmpty, IsString, Matches, MaxLength, Min } from 'class-validator';
import { IsOptional, IsRequired } from '../../../common/validation';

export class TemplateKeyParamDto {
  @ApiProperty({ maxLength: 100, pattern: '^[a-z][a-z0-9_]*$' })
  @IsString()
  @MaxLength(100)
  @Matches(/^[a-z][a-z0-9_]*$/, { message: 'key must be a template key such as document_request' })
  key!: string;
}

export class SaveMessageTemplateDto {
  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString({ message: 'name must be text' })
  @MaxLength(200)
  name?: string;

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

  @ApiProperty({
    minimum: 1,
    description:
      'The version the editor opened. When another save made a newer version meanwhile the save is refused with a 409 (nothing is written).',
  })
  @IsRequired('base_version is required to save: the version of the template you opened')
  @IsInt({ message: 'base_version must be a whole number' })
  @Min(1, { message: 'base_version must be 1 or more' })
  base_version!: number;
}
