import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { DEFINITION_JSON_LIMITS, JSON_LIMITS_CONFIG_KEY } from '../../common/bounded-json';
import { CurrentUser, Roles } from '../../common/decorators';
import type { User } from '../users/user.entity';
import {
  ApproveDraftDto,
  ParameterRollbackDraftDto,
  ParameterSetIdParamDto,
  SaveParameterDraftDto,
  SubmitDraftDto,
} from './adviser.dto';
import {
  ParameterConflictDto,
  ParameterDraftDiscardedDto,
  ParameterDraftDto,
  ParameterSetDto,
} from './adviser.response';
import { ParameterSetsService } from './parameter-sets.service';

/** Issue 9: dated tax parameters changed by advisers, through the same four-eyes review. */
@ApiTags('definitions')
@ApiBearerAuth()
@Roles('STAFF', 'ADMIN')
@Controller('api/parameter-sets/:setId')
export class ParameterSetsController {
  constructor(private readonly sets: ParameterSetsService) {}

  @Get()
  @ApiOkResponse({ type: ParameterSetDto, description: 'The stored set, its open draft and its history' })
  get(@Param() params: ParameterSetIdParamDto) {
    return this.sets.get(params.setId);
  }

  @Put('draft')
  @RouteConfig({ [JSON_LIMITS_CONFIG_KEY]: DEFINITION_JSON_LIMITS })
  @ApiOkResponse({ type: ParameterDraftDto, description: 'The saved draft' })
  @ApiConflictResponse({
    type: ParameterConflictDto,
    description: 'Someone changed the parameters after this editor opened them',
  })
  saveDraft(
    @CurrentUser() user: User,
    @Param() params: ParameterSetIdParamDto,
    @Body() dto: SaveParameterDraftDto,
    @Req() request: FastifyRequest,
  ) {
    return this.sets.saveDraft(user, params.setId, dto.parameter_set, dto.base_checksum, request);
  }

  @Delete('draft')
  @ApiOkResponse({ type: ParameterDraftDiscardedDto })
  discard(
    @CurrentUser() user: User,
    @Param() params: ParameterSetIdParamDto,
    @Req() request: FastifyRequest,
  ) {
    return this.sets.discard(user, params.setId, request);
  }

  @Post('draft/submit')
  @HttpCode(200)
  @ApiOkResponse({ type: ParameterDraftDto })
  submit(
    @CurrentUser() user: User,
    @Param() params: ParameterSetIdParamDto,
    @Body() dto: SubmitDraftDto,
    @Req() request: FastifyRequest,
  ) {
    return this.sets.submit(user, params.setId, dto, request);
  }

  @Post('draft/approve')
  @HttpCode(200)
  @ApiOkResponse({ type: ParameterDraftDto })
  approve(
    @CurrentUser() user: User,
    @Param() params: ParameterSetIdParamDto,
    @Body() dto: ApproveDraftDto,
    @Req() request: FastifyRequest,
  ) {
    return this.sets.approve(user, params.setId, dto.checksum, request);
  }

  @Post('draft/publish')
  @HttpCode(200)
  @ApiOkResponse({ type: ParameterSetDto, description: 'The stored set after the publish' })
  publish(
    @CurrentUser() user: User,
    @Param() params: ParameterSetIdParamDto,
    @Req() request: FastifyRequest,
  ) {
    return this.sets.publish(user, params.setId, request);
  }

  @Post('rollback-draft')
  @ApiCreatedResponse({ type: ParameterDraftDto, description: 'The new draft with the earlier values' })
  @ApiConflictResponse({ description: 'A draft is open, or these values are in force now' })
  rollbackDraft(
    @CurrentUser() user: User,
    @Param() params: ParameterSetIdParamDto,
    @Body() dto: ParameterRollbackDraftDto,
    @Req() request: FastifyRequest,
  ) {
    return this.sets.rollbackDraft(user, params.setId, dto.checksum, request);
  }
}
