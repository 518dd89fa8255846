import { Body, Controller, Get, Post, Query, Req } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { Public, Roles } from '../../common/decorators';
import { PaginationQueryDto } from '../../common/pagination';
import { ContactService } from './contact.service';
import { CreateContactMessageDto } from './dto/contact.dto';

@ApiTags('contact')
@Controller()
export class ContactController {
  constructor(private readonly contact: ContactService) {}

  @Public()
  @Post('contact')
  create(@Body() dto: CreateContactMessageDto, @Req() request: FastifyRequest) {
    return this.contact.create(dto, request);
  }

  @ApiBearerAuth()
  @Roles('STAFF', 'ADMIN')
  @Get('api/contact-messages')
  list(@Query() query: PaginationQueryDto) {
    return this.contact.list(query);
  }
}
