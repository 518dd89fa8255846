import { ApiProperty } from '@nestjs/swagger';
import type { ContactMessageResponse } from './contact.service';

// The contact answers as the OpenAPI document describes them (see news.response.ts).

export class ContactMessageDto implements ContactMessageResponse {
  @ApiProperty() id!: string;
  @ApiProperty() name!: string;
  @ApiProperty() email!: string;
  @ApiProperty({ nullable: true, type: String }) phone!: string | null;
  @ApiProperty() subject!: string;
  @ApiProperty() message!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
}

export class ContactMessagePageDto {
  @ApiProperty({ type: ContactMessageDto, isArray: true }) results!: ContactMessageDto[];
  @ApiProperty() count!: number;
  @ApiProperty() page!: number;
  @ApiProperty() page_size!: number;
}
