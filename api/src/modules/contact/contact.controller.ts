import { Body, Controller, Get, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { Public, Roles } from '../../common/decorators';
import { PaginationQueryDto } from '../../common/pagination';
import { DetailResponse } from '../auth/auth.dto';
import { ContactMessagePageDto } from './contact.response';
import { ContactService } from './contact.service';
import { CreateContactMessageDto } from './dto/contact.dto';

@ApiTags('contact')
@Controller()
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Public()
  @Post('contact')
  @ApiCreatedResponse({ type: DetailResponse, description: 'Received' })
  create(@Body() dto: CreateContactMessageDto, @Req() request: FastifyRequest) {
    return this.contact.create(dto, request);
  }

  @ApiBearerAuth()
  @Roles('STAFF', 'ADMIN')
  @Get('api/contact-messages')
  @ApiOkResponse({ type: ContactMessagePageDto })
  list(@Query() query: PaginationQueryDto) {
    return this.contact.list(query);
  }
}
