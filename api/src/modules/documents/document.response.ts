import { ApiProperty } from '@nestjs/swagger';
import type { DocumentResponse } from './documents.service';

// The document answers as the OpenAPI document describes them (see claim.response.ts).

export class DocumentResponseDto implements DocumentResponse {
  @ApiProperty() id!: string;
  @ApiProperty() filename!: string;
  @ApiProperty() content_type!: string;
  @ApiProperty() size!: number;
  @ApiProperty() sha256!: string;
  @ApiProperty({ nullable: true, type: String }) claim_id!: string | null;
  @ApiProperty({ nullable: true, type: String }) assessment_id!: string | null;
  @ApiProperty({ format: 'date-time' }) uploaded_at!: string;
  @ApiProperty() owner_id!: string;
}

export class DocumentPageDto {
  @ApiProperty({ type: DocumentResponseDto, isArray: true }) results!: DocumentResponseDto[];
  @ApiProperty() count!: number;
  @ApiProperty() page!: number;
  @ApiProperty() page_size!: number;
}
