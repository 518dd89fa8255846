import { Body, Controller, Get, Post, Query } from '@nestjs/common';
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
  create(@Body() dto: CreateContactMessageDto) {
    return this.contact.create(dto);
  }

  @ApiBearerAuth()
  @Roles('STAFF', 'ADMIN')
  @Get('api/contact-messages')
  list(@Query() query: PaginationQueryDto) {
    return this.contact.list(query);
  }
}
