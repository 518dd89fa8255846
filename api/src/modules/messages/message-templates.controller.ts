import { Body, Controller, Get, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Roles } from '../../common/decorators';
import type { User } from '../users/user.entity';
import { SaveMessageTemplateDto, TemplateKeyParamDto } from './dto/message-template.dto';
import { MergeFieldDto, MessageTemplateResponseDto } from './message.response';
import { MessageTemplatesService } from './message-templates.service';

// Staff edit the words of the firm's messages; every save is a new version (issue 30 §3).
@ApiTags('messages')
@ApiBearerAuth()
@Roles('STAFF', 'ADMIN')
@Controller('api/message-templates')
export class MessageTemplatesController {
  constructor(private readonly templates: MessageTemplatesService) {}

  @Get()
  @ApiOkResponse({ type: MessageTemplateResponseDto, isArray: true })
  list() {
    return this.templates.list();
  }

  @Get('merge-fields')
  @ApiOkResponse({ type: MergeFieldDto, isArray: true })
  fields() {
    return this.templates.fields();
  }

  @Get(':key/versions')
  @ApiOkResponse({ type: MessageTemplateResponseDto, isArray: true, description: 'Newest first' })
  history(@Param() params: TemplateKeyParamDto) {
    return this.templates.history(params.key);
  }

  @Put(':key')
  @ApiOkResponse({ type: MessageTemplateResponseDto, description: 'The new version' })
  save(@CurrentUser() user: User, @Param() params: TemplateKeyParamDto, @Body() dto: SaveMessageTemplateDto) {
    return this.templates.save(params.key, dto, user);
  }
}
