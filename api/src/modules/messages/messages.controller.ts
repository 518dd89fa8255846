import { Body, Controller, Get, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser } from '../../common/decorators';
import { IdParamDto } from '../assessments/dto/assessment.dto';
import type { User } from '../users/user.entity';
import { CreateThreadDto, ListThreadsQueryDto, PostMessageDto } from './dto/message.dto';
import { MessageResponseDto, ThreadPageDto, ThreadResponseDto, UnreadCountDto } from './message.response';
import { MessagesService } from './messages.service';

@ApiTags('messages')
@ApiBearerAuth()
@Controller('api/messages')
export class MessagesController {
  constructor(private readonly messages: MessagesService) {}

  @Get('unread-count')
  @ApiOkResponse({ type: UnreadCountDto })
  unread(@CurrentUser() user: User) {
    return this.messages.unreadCount(user);
  }

  @Get('threads')
  @ApiOkResponse({ type: ThreadPageDto })
  list(@CurrentUser() user: User, @Query() query: ListThreadsQueryDto) {
    return this.messages.listThreads(user, query);
  }

  @Post('threads')
  @ApiCreatedResponse({ type: ThreadResponseDto, description: 'With its first message' })
  create(@CurrentUser() user: User, @Body() dto: CreateThreadDto) {
    return this.messages.createThread(user, dto);
  }

  @Get('threads/:id')
  @ApiOkResponse({ type: ThreadResponseDto, description: 'With its messages' })
  get(@CurrentUser() user: User, @Param() params: IdParamDto, @Req() request: FastifyRequest) {
    return this.messages.getThread(user, params.id, request);
  }

  @Post('threads/:id/messages')
  @ApiCreatedResponse({ type: MessageResponseDto })
  post(@CurrentUser() user: User, @Param() params: IdParamDto, @Body() dto: PostMessageDto) {
    return this.messages.postMessage(user, params.id, dto.body);
  }
}
