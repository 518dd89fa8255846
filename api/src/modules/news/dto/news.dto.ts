import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { IsIn, IsNotEmpty, IsString, Matches, MaxLength } from 'class-validator';
import { PaginationQueryDto } from '../../../common/pagination';
import { IsOptional } from '../../../common/validation';

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const SLUG_MESSAGE = 'slug must be lower-case words joined by hyphens';

export class SlugParamDto {
  @Matches(SLUG, { message: SLUG_MESSAGE })
  @MaxLength(200)
  slug!: string;
}

export class CreateNewsDto {
  @ApiPropertyOptional({ description: 'Made from the title when missing.' })
  @IsOptional()
  @Matches(SLUG, { message: SLUG_MESSAGE })
  @MaxLength(200)
  slug?: string;

  @ApiProperty()
  @IsString({ message: 'title must be text' })
  @IsNotEmpty({ message: 'title is required' })
  @MaxLength(300)
  title!: string;

  @ApiProperty()
  @IsString({ message: 'summary must be text' })
  @IsNotEmpty({ message: 'summary is required' })
  @MaxLength(1000)
  summary!: string;

  @ApiProperty({ description: 'Markdown' })
  @IsString({ message: 'body must be text' })
  @IsNotEmpty({ message: 'body is required' })
  @MaxLength(100_000)
  body!: string;

  @ApiPropertyOptional({ maxLength: 200 })
  @IsOptional()
  @IsString()
  @MaxLength(200)
  author_name?: string;
}

export class UpdateNewsDto {
  @ApiPropertyOptional()
  @IsOptional()
  @Matches(SLUG, { message: SLUG_MESSAGE })
  @MaxLength(200)
  slug?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'title must be text' })
  @IsNotEmpty({ message: 'title must not be empty' })
  @MaxLength(300)
  title?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'summary must be text' })
  @IsNotEmpty({ message: 'summary must not be empty' })
  @MaxLength(1000)
  summary?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString({ message: 'body must be text' })
  @IsNotEmpty({ message: 'body must not be empty' })
  @MaxLength(100_000)
  body?: string;

  @ApiPropertyOptional()
  @IsOptional()
  @IsString()
  @MaxLength(200)
  author_name?: string;
}

export class ListNewsAdminQueryDto extends PaginationQueryDto {
  @ApiPropertyOptional({ enum: ['draft', 'published'] })
  @IsOptional()
  @IsIn(['draft', 'published'], { message: 'status must be draft or published' })
  status?: 'draft' | 'published';
}
