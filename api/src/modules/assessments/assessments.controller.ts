import {
  Body,
  Controller,
  Get,
  Headers,
  HttpCode,
  Param,
  Patch,
  Post,
  Query,
  Req,
  Res,
} from '@nestjs/common';
import { RouteConfig } from '@nestjs/platform-fastify';
import { ApiBearerAuth, ApiCreatedResponse, ApiHeader, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentIdentity, CurrentUser } from '../../common/decorators';
import type { Identity } from '../../common/request';
import type { User } from '../users/user.entity';
import { JSON_LIMITS_CONFIG_KEY } from '../../common/bounded-json';
import { ANSWERS_JSON_LIMITS } from './answers-json-limits';
import { AssessmentsService } from './assessments.service';
import {
  AssessmentResponseDto,
  AssessmentSummaryDto,
  DocumentTaskResponseDto,
  PendingDocumentTaskResponseDto,
  SubmitAssessmentResponseDto,
} from './assessment.response';
import {
  CompleteDocumentTaskDto,
  CreateAssessmentDto,
  IdParamDto,
  ListAssessmentsQueryDto,
  PatchAssessmentDto,
  SaveAnswersDto,
  SaveAssessmentDto,
  SubmitAssessmentDto,
} from './dto/assessment.dto';

@ApiTags('assessments')
@ApiBearerAuth()
@Controller()
export class AssessmentsController {
  constructor(private readonly assessments: AssessmentsService) {}

  @Post('api/assessment/save')
  @RouteConfig({ [JSON_LIMITS_CONFIG_KEY]: ANSWERS_JSON_LIMITS })
  @ApiOkResponse({ type: AssessmentResponseDto, description: 'Updated' })
  @ApiCreatedResponse({ type: AssessmentResponseDto, description: 'Created' })
  async save(
    @CurrentIdentity() user: Identity,
    @Body() dto: SaveAssessmentDto,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const { created, assessment } = await this.assessments.save(user, dto, request);
    void reply.status(created ? 201 : 200);
    return assessment;
  }

  @Post('api/assessment/submit')
  @RouteConfig({ [JSON_LIMITS_CONFIG_KEY]: ANSWERS_JSON_LIMITS })
  @HttpCode(200)
  @ApiOkResponse({ type: SubmitAssessmentResponseDto })
  @ApiHeader({ name: 'Idempotency-Key', required: false })
  submit(
    @CurrentUser() user: User,
    @Body() dto: SubmitAssessmentDto,
    @Headers('idempotency-key') idempotencyKey: string | undefined,
    @Req() request: FastifyRequest,
  ) {
    return this.assessments.submit(user, dto, idempotencyKey, request);
  }

  @Get('api/assessments')
  @ApiOkResponse({ type: AssessmentSummaryDto, isArray: true })
  list(@CurrentUser() user: User, @Query() query: ListAssessmentsQueryDto) {
    return this.assessments.list(user, query.user);
  }

  @Get('api/document-tasks/pending')
  @ApiOkResponse({ type: PendingDocumentTaskResponseDto, isArray: true })
  pendingTasks(@CurrentUser() user: User) {
    return this.assessments.pendingTasks(user);
  }

  @Get('api/assessment/:id')
  @ApiOkResponse({ type: AssessmentResponseDto })
  get(@CurrentIdentity() user: Identity, @Param() params: IdParamDto, @Req() request: FastifyRequest) {
    return this.assessments.get(user, params.id, request);
  }

  @Get('api/assessment/:id/documents')
  @ApiOkResponse({ type: DocumentTaskResponseDto, isArray: true })
  documents(@CurrentUser() user: User, @Param() params: IdParamDto, @Req() request: FastifyRequest) {
    return this.assessments.documentTasks(user, params.id, request);
  }

  @Post('api/document-tasks/:id/complete')
  @HttpCode(200)
  @ApiOkResponse({ type: DocumentTaskResponseDto })
  completeTask(@CurrentUser() user: User, @Param() params: IdParamDto, @Body() dto: CompleteDocumentTaskDto) {
    return this.assessments.completeTask(user, params.id, dto.document_id);
  }

  // The second client's calls (eligibility spec section 7).
  @Post('assessments')
  @RouteConfig({ [JSON_LIMITS_CONFIG_KEY]: ANSWERS_JSON_LIMITS })
  @ApiCreatedResponse({ type: AssessmentResponseDto })
  create(
    @CurrentIdentity() user: Identity,
    @Body() dto: CreateAssessmentDto,
    @Req() request: FastifyRequest,
  ) {
    return this.assessments.createFromDto(user, dto, request);
  }

  @Get('assessments/:id')
  @ApiOkResponse({ type: AssessmentResponseDto })
  getById(@CurrentIdentity() user: Identity, @Param() params: IdParamDto, @Req() request: FastifyRequest) {
    return this.assessments.get(user, params.id, request);
  }

  @Patch('assessments/:id')
  @RouteConfig({ [JSON_LIMITS_CONFIG_KEY]: ANSWERS_JSON_LIMITS })
  @ApiOkResponse({ type: AssessmentResponseDto })
  patch(
    @CurrentIdentity() user: Identity,
    @Param() params: IdParamDto,
    @Body() dto: PatchAssessmentDto,
    @Req() request: FastifyRequest,
  ) {
    return this.assessments.patch(user, params.id, dto, false, request);
  }

  @Post('assessments/:id/answers')
  @RouteConfig({ [JSON_LIMITS_CONFIG_KEY]: ANSWERS_JSON_LIMITS })
  @HttpCode(200)
  @ApiOkResponse({ type: AssessmentResponseDto })
  saveAnswers(
    @CurrentIdentity() user: Identity,
    @Param() params: IdParamDto,
    @Body() dto: SaveAnswersDto,
    @Req() request: FastifyRequest,
  ) {
    return this.assessments.patch(
      user,
      params.id,
      { answers: dto.answers, version: dto.version },
      true,
      request,
    );
  }
}
