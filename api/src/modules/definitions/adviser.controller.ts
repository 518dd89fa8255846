import { Body, Controller, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { DEFINITION_JSON_LIMITS, JSON_LIMITS_CONFIG_KEY } from '../../common/bounded-json';
import { CurrentUser, Roles } from '../../common/decorators';
import type { User } from '../users/user.entity';
import {
  DefinitionIdParamDto,
  DraftParamDto,
  PublishDraftDto,
  SaveDraftDto,
  TryDraftDto,
} from './adviser.dto';
import { AdviserService } from './adviser.service';

@ApiTags('definitions')
@ApiBearerAuth()
@Roles('STAFF', 'ADMIN')
@Controller('api/definitions/:definitionId')
export class AdviserController {
  constructor(private readonly adviser: AdviserService) {}

  @Put('draft')
  @RouteConfig({ [JSON_LIMITS_CONFIG_KEY]: DEFINITION_JSON_LIMITS })
  saveDraft(
    @CurrentUser() user: User,
    @Param() params: DefinitionIdParamDto,
    @Body() dto: SaveDraftDto,
    @Req() request: FastifyRequest,
  ) {
    return this.adviser.saveDraft(user, params.definitionId, dto.definition, request, dto.base_checksum);
  }

  @Post('check')
  @HttpCode(200)
  @RouteConfig({ [JSON_LIMITS_CONFIG_KEY]: DEFINITION_JSON_LIMITS })
  check(@Param() params: DefinitionIdParamDto, @Body() dto: SaveDraftDto) {
    return this.adviser.check(params.definitionId, dto.definition);
  }

  @Get('drafts/:version/diff')
  diff(@Param() params: DraftParamDto) {
    return this.adviser.diff(params.definitionId, Number(params.version));
  }

  @Get('drafts/:version')
  getDraft(@Param() params: DraftParamDto) {
    return this.adviser.getDraft(params.definitionId, Number(params.version));
  }

  @Post('drafts/:version/try')
  @HttpCode(200)
  tryDraft(@Param() params: DraftParamDto, @Body() dto: TryDraftDto) {
    return this.adviser.tryDraft(params.definitionId, Number(params.version), dto.answers, dto.as_of);
  }

  @Get('drafts/:version/impact')
  impact(@Param() params: DraftParamDto) {
    return this.adviser.impact(params.definitionId, Number(params.version));
  }

  @Post('drafts/:version/publish')
  @HttpCode(200)
  publish(
    @CurrentUser() user: User,
    @Param() params: DraftParamDto,
    @Body() dto: PublishDraftDto,
    @Req() request: FastifyRequest,
  ) {
    return this.adviser.publish(
      user,
      params.definitionId,
      Number(params.version),
      dto.effective_from,
      request,
    );
  }

  @Post('rollback')
  @HttpCode(200)
  rollback(@CurrentUser() user: User, @Param() params: DefinitionIdParamDto, @Req() request: FastifyRequest) {
    return this.adviser.rollback(user, params.definitionId, request);
  }
}
