import { Body, Controller, Get, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../common/decorators';
import { IdParamDto } from '../assessments/dto/assessment.dto';
import type { User } from '../users/user.entity';
import { DocumentRequestsService } from './document-requests.service';
import { CreateDocumentRequestDto } from './dto/document-request.dto';
import { DocumentRequestResponseDto } from './message.response';

@ApiTags('claims')
@ApiBearerAuth()
@Controller('api/claims/:id/document-requests')
export class DocumentRequestsController {
  constructor(private readonly requests: DocumentRequestsService) {}

  @Get()
  @ApiOkResponse({
    type: DocumentRequestResponseDto,
    isArray: true,
    description: 'Everything asked for on the claim',
  })
  list(@CurrentUser() user: User, @Param() params: IdParamDto) {
    return this.requests.list(user, params.id);
  }

  @Post()
  @Roles('STAFF', 'ADMIN')
  @ApiCreatedResponse({ type: DocumentRequestResponseDto, description: 'Asked for; the client is e-mailed' })
  create(@CurrentUser() user: User, @Param() params: IdParamDto, @Body() dto: CreateDocumentRequestDto) {
    return this.requests.create(user, params.id, dto);
  }
}
