import { Body, Controller, Get, Header, HttpCode, Param, Post, Query, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentUser, Roles } from '../../../common/decorators';
import type { User } from '../../users/user.entity';
import { DefinitionIdParamDto, DraftParamDto } from '../adviser.dto';
import { ImpactResultsQueryDto, ImpactRunParamDto, StartParameterImpactDto } from './impact.dto';
import { ImpactResultsDto, ImpactRunDto, ImpactRunStartedDto, ImpactSummaryDto } from '../adviser.response';
import { ImpactRunsService } from './impact-runs.service';

// docs/studio-api.md "ImpactRun": a background replay of every stored assessment against a draft.
@ApiTags('definitions')
@ApiBearerAuth()
@Roles('STAFF', 'ADMIN')
@Controller('api/definitions/:definitionId')
export class ImpactRunsController {
  constructor(private readonly runs: ImpactRunsService) {}

  @Post('drafts/:version/impact-runs')
  @HttpCode(202)
  @ApiResponse({ status: 202, type: ImpactRunStartedDto, description: 'Queued' })
  start(@CurrentUser() user: User, @Param() params: DraftParamDto) {
    return this.runs.start(user, params.definitionId, Number(params.version));
  }

  @Post('parameter-impact-runs')
  @HttpCode(202)
  @ApiResponse({ status: 202, type: ImpactRunStartedDto, description: 'Queued' })
  startForParameters(
    @CurrentUser() user: User,
    @Param() params: DefinitionIdParamDto,
    @Body() dto: StartParameterImpactDto,
  ) {
    return this.runs.startForParameters(user, params.definitionId, dto.set_id);
  }

  @Get('impact-runs/:runId')
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: ImpactRunDto })
  get(@Param() params: ImpactRunParamDto) {
    return this.runs.get(params.definitionId, params.runId);
  }

  @Post('impact-runs/:runId/cancel')
  @HttpCode(200)
  @ApiOkResponse({ type: ImpactRunDto })
  cancel(@Param() params: ImpactRunParamDto) {
    return this.runs.cancel(params.definitionId, params.runId);
  }

  @Get('impact-runs/:runId/results')
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: ImpactResultsDto })
  results(@Param() params: ImpactRunParamDto, @Query() query: ImpactResultsQueryDto) {
    return this.runs.results(params.definitionId, params.runId, query);
  }

  @Get('impact-runs/:runId/summary')
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ type: ImpactSummaryDto })
  summary(@Param() params: ImpactRunParamDto) {
    return this.runs.summary(params.definitionId, params.runId);
  }

  @Get('impact-runs/:runId/summary.csv')
  @Header('Cache-Control', 'no-store')
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'The A/B table and the ten largest value changes as CSV', type: String })
  async summaryCsv(@Param() params: ImpactRunParamDto, @Res({ passthrough: true }) reply: FastifyReply) {
    const body = await this.runs.summaryCsv(params.definitionId, params.runId);
    void reply.header('Content-Type', 'text/csv; charset=utf-8');
    void reply.header(
      'Content-Disposition',
      `attachment; filename="impact-summary-${params.definitionId}-${params.runId.slice(0, 8)}.csv"`,
    );
    return body;
  }

  @Get('impact-runs/:runId/results.csv')
  @Header('Cache-Control', 'no-store')
  @ApiProduces('text/csv')
  @ApiOkResponse({ description: 'The filtered rows as CSV (an attachment)', type: String })
  async csv(
    @Param() params: ImpactRunParamDto,
    @Query() query: ImpactResultsQueryDto,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const body = await this.runs.csv(params.definitionId, params.runId, query);
    void reply.header('Content-Type', 'text/csv; charset=utf-8');
    void reply.header(
      'Content-Disposition',
      `attachment; filename="impact-${params.definitionId}-${params.runId.slice(0, 8)}.csv"`,
    );
    return body;
  }
}
