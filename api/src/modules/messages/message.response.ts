import { ApiProperty, ApiPropertyOptional } from '@nestjs/swagger';
import { DocumentTaskResponseDto } from '../assessments/assessment.response';
import { ActorDto } from '../claims/claim.response';
import type { MessageResponse, ThreadResponse } from './messages.service';

// The message answers as the OpenAPI document describes them (see claim.response.ts).

export class MessageTemplateRefDto {
  @ApiProperty() key!: string;
  @ApiProperty() version!: number;
}

export class MessageResponseDto implements MessageResponse {
  @ApiProperty() id!: string;
  @ApiProperty() thread_id!: string;
  @ApiProperty() body!: string;
  @ApiProperty({ type: ActorDto }) sender!: ActorDto;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ nullable: true, type: String, format: 'date-time' }) read_at!: string | null;
  @ApiProperty({
    nullable: true,
    type: MessageTemplateRefDto,
    description: 'The template (and its version) the message was made from.',
  })
  template!: MessageTemplateRefDto | null;
}

export class ThreadClientDto {
  @ApiProperty() id!: string;
  @ApiProperty() display_name!: string;
  @ApiProperty() email!: string;
}

export class ThreadResponseDto implements ThreadResponse {
  @ApiProperty() id!: string;
  @ApiProperty() subject!: string;
  @ApiProperty({ nullable: true, type: String }) claim_id!: string | null;
  @ApiProperty({ type: ThreadClientDto }) client!: ThreadClientDto;
  @ApiProperty({ format: 'date-time' }) last_message_at!: string;
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ description: 'Messages from the other side not yet read.' }) unread_count!: number;
  @ApiPropertyOptional({ type: MessageResponseDto, isArray: true, description: 'On a single thread only.' })
  messages?: MessageResponseDto[];
}

export class ThreadPageDto {
  @ApiProperty({ type: ThreadResponseDto, isArray: true }) results!: ThreadResponseDto[];
  @ApiProperty() count!: number;
  @ApiProperty() page!: number;
  @ApiProperty() page_size!: number;
}

export class UnreadCountDto {
  @ApiProperty() unread!: number;
}

export class MessageTemplateResponseDto {
  @ApiProperty() key!: string;
  @ApiProperty() name!: string;
  @ApiProperty({ description: 'Each save adds the next version; the highest is in use.' }) version!: number;
  @ApiProperty() subject!: string;
  @ApiProperty() body!: string;
  @ApiProperty({ type: String, isArray: true, description: 'The merge fields the text uses.' })
  fields!: string[];
  @ApiProperty({ format: 'date-time' }) created_at!: string;
  @ApiProperty({ nullable: true, type: String }) created_by!: string | null;
}

export class MergeFieldDto {
  @ApiProperty() name!: string;
  @ApiProperty() description!: string;
}

export class DocumentRequestResponseDto extends DocumentTaskResponseDto {
  @ApiProperty() claim_id!: string;
}
