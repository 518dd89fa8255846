import { Body, Controller, Get, HttpCode, Param, Post, Put, Req } from '@nestjs/common';
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
import { ANSWERS_JSON_LIMITS } from '../assessments/answers-json-limits';
import { CurrentUser, Roles } from '../../common/decorators';
import type { User } from '../users/user.entity';
import {
  ApproveDraftDto,
  DefinitionIdParamDto,
  DraftParamDto,
  EmergencyRollbackDto,
  PublishDraftDto,
  RequestChangesDto,
  RollbackDraftDto,
  SaveDraftDto,
  SubmitDraftDto,
  TryDraftDto,
} from './adviser.dto';
import {
  DefinitionChecksDto,
  DefinitionDiffDto,
  DefinitionHistoryDto,
  DefinitionImpactDto,
  DefinitionVersionDto,
  DraftConflictDto,
  DraftDto,
  RollbackResultDto,
} from './adviser.response';
import { AdviserService } from './adviser.service';

@ApiTags('definitions')
@ApiBearerAuth()
@Roles('STAFF', 'ADMIN')
@Controller('api/definitions/:definitionId')
export class AdviserController {
  constructor(private readonly adviser: AdviserService) {}

  @Put('draft')
  @RouteConfig({ [JSON_LIMITS_CONFIG_KEY]: DEFINITION_JSON_LIMITS })
  @ApiOkResponse({ type: DefinitionVersionDto, description: 'The saved draft' })
  @ApiConflictResponse({
    type: DraftConflictDto,
    description: 'Someone saved the draft after this editor opened it',
  })
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
  @ApiOkResponse({ type: DefinitionChecksDto })
  check(@Param() params: DefinitionIdParamDto, @Body() dto: SaveDraftDto) {
    return this.adviser.check(params.definitionId, dto.definition);
  }

  @Get('drafts/:version/diff')
  @ApiOkResponse({ type: DefinitionDiffDto, description: 'The draft against the version in force today' })
  diff(@Param() params: DraftParamDto) {
    return this.adviser.diff(params.definitionId, Number(params.version));
  }

  @Get('drafts/:version')
  @ApiOkResponse({ type: DraftDto })
  getDraft(@Param() params: DraftParamDto) {
    return this.adviser.getDraft(params.definitionId, Number(params.version));
  }

  @Post('drafts/:version/try')
  @RouteConfig({ [JSON_LIMITS_CONFIG_KEY]: ANSWERS_JSON_LIMITS })
  @HttpCode(200)
  @ApiOkResponse({
    description: "The engine's AssessmentEvaluation of the answers against the draft",
    schema: { type: 'object', additionalProperties: true },
  })
  tryDraft(@Param() params: DraftParamDto, @Body() dto: TryDraftDto) {
    return this.adviser.tryDraft(params.definitionId, Number(params.version), dto.answers, dto.as_of);
  }

  @Get('drafts/:version/impact')
  @ApiOkResponse({ type: DefinitionImpactDto })
  impact(@Param() params: DraftParamDto) {
    return this.adviser.impact(params.definitionId, Number(params.version));
  }

  @Post('drafts/:version/publish')
  @HttpCode(200)
  @ApiOkResponse({ type: DefinitionVersionDto, description: 'The published version' })
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

  @Post('drafts/:version/submit')
  @HttpCode(200)
  @ApiOkResponse({ type: DefinitionVersionDto })
  submit(
    @CurrentUser() user: User,
    @Param() params: DraftParamDto,
    @Body() dto: SubmitDraftDto,
    @Req() request: FastifyRequest,
  ) {
    return this.adviser.submit(user, params.definitionId, Number(params.version), dto, request);
  }

  @Post('drafts/:version/withdraw')
  @HttpCode(200)
  @ApiOkResponse({ type: DefinitionVersionDto })
  withdraw(@CurrentUser() user: User, @Param() params: DraftParamDto, @Req() request: FastifyRequest) {
    return this.adviser.withdraw(user, params.definitionId, Number(params.version), request);
  }

  @Post('drafts/:version/approve')
  @HttpCode(200)
  @ApiOkResponse({ type: DefinitionVersionDto })
  approve(
    @CurrentUser() user: User,
    @Param() params: DraftParamDto,
    @Body() dto: ApproveDraftDto,
    @Req() request: FastifyRequest,
  ) {
    return this.adviser.approve(user, params.definitionId, Number(params.version), dto.checksum, request);
  }

  @Post('drafts/:version/request-changes')
  @HttpCode(200)
  @ApiOkResponse({ type: DefinitionVersionDto })
  requestChanges(
    @CurrentUser() user: User,
    @Param() params: DraftParamDto,
    @Body() dto: RequestChangesDto,
    @Req() request: FastifyRequest,
  ) {
    return this.adviser.requestChanges(
      user,
      params.definitionId,
      Number(params.version),
      dto.comment,
      request,
    );
  }

  @Post('rollback-draft')
  @ApiCreatedResponse({ type: DefinitionVersionDto, description: 'The new rollback draft' })
  rollbackDraft(
    @CurrentUser() user: User,
    @Param() params: DefinitionIdParamDto,
    @Body() dto: RollbackDraftDto,
    @Req() request: FastifyRequest,
  ) {
    return this.adviser.rollbackDraft(user, params.definitionId, dto.to_version, request);
  }

  /** Emergency: ADMIN only, with a reason, no review. A normal rollback is rollback-draft. */
  @Post('rollback')
  @Roles('ADMIN')
  @HttpCode(200)
  @ApiOkResponse({ type: RollbackResultDto })
  rollback(
    @CurrentUser() user: User,
    @Param() params: DefinitionIdParamDto,
    @Body() dto: EmergencyRollbackDto,
    @Req() request: FastifyRequest,
  ) {
    return this.adviser.rollback(user, params.definitionId, dto.reason, dto.version, request);
  }

  @Get('history')
  @ApiOkResponse({ type: DefinitionHistoryDto })
  history(@Param() params: DefinitionIdParamDto) {
    return this.adviser.history(params.definitionId);
  }
}
