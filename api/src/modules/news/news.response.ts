import { ApiProperty } from '@nestjs/swagger';
import type { NewsDetailResponse, NewsStaffResponse, NewsSummaryResponse } from './news.service';

// The news answers as the OpenAPI document describes them; the web app's types are generated
// from it. `implements` holds these classes to the serializers.

export class NewsSummaryDto implements NewsSummaryResponse {
  @ApiProperty() slug!: string;
  @ApiProperty() title!: string;
  @ApiProperty() summary!: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) published_at!: string | null;
  @ApiProperty({ description: 'The author’s name as shown' }) author!: string;
}

export class NewsDetailDto extends NewsSummaryDto implements NewsDetailResponse {
  @ApiProperty({ description: 'Markdown' }) body!: string;
}

export class NewsStaffDto extends NewsDetailDto implements NewsStaffResponse {
  @ApiProperty() id!: string;
  @ApiProperty({ enum: ['draft', 'published'], enumName: 'NewsStatus' }) status!: 'draft' | 'published';
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ format: 'date-time' }) updated_at!: string;
}

export class NewsSummaryPageDto {
  @ApiProperty({ type: NewsSummaryDto, isArray: true }) results!: NewsSummaryDto[];
  @ApiProperty() count!: number;
  @ApiProperty() page!: number;
  @ApiProperty() page_size!: number;
}

export class NewsStaffPageDto {
  @ApiProperty({ type: NewsStaffDto, isArray: true }) results!: NewsStaffDto[];
  @ApiProperty() count!: number;
  @ApiProperty() page!: number;
  @ApiProperty() page_size!: number;
}
