import { Body, Controller, Delete, Get, HttpCode, Param, Post, Put, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, Roles } from '../../common/decorators';
import { IdParamDto } from '../assessments/dto/assessment.dto';
import type { User } from '../users/user.entity';
import {
  AssignDto,
  BulkActionDto,
  SavedViewDto,
  ServiceParamDto,
  SetServiceStaffDto,
  SetSlaTargetsDto,
  WorkbenchQueryDto,
} from './workbench.dto';
import {
  BulkResultsDto,
  SavedViewListDto,
  SavedViewResponseDto,
  ServiceStaffDto,
  ServiceStaffListDto,
  SlaTargetsResponseDto,
  StaffListDto,
  TimelineDto,
  WorkbenchPageDto,
  WorkbenchRowDto,
} from './workbench.response';
import { WorkbenchService } from './workbench.service';

// The staff workbench (issue 30 §2): every route is for staff (any staff role); settings for admins.
@ApiTags('workbench')
@ApiBearerAuth()
@Controller('api/workbench')
@Roles('STAFF', 'ADMIN')
export class WorkbenchController {
  constructor(private readonly workbench: WorkbenchService) {}

  @Get('claims')
  @ApiOkResponse({ type: WorkbenchPageDto, description: 'Passed deadlines first, then the nearest' })
  list(@CurrentUser() user: User, @Query() query: WorkbenchQueryDto) {
    return this.workbench.list(user, query);
  }

  @Get('claims/:id')
  @ApiOkResponse({ type: WorkbenchRowDto, description: 'With every deadline of its result' })
  detail(@Param() params: IdParamDto) {
    return this.workbench.detail(params.id);
  }

  @Get('claims/:id/timeline')
  @ApiOkResponse({ type: TimelineDto })
  timeline(@Param() params: IdParamDto) {
    return this.workbench.timeline(params.id);
  }

  @Post('claims/:id/assign')
  @HttpCode(200)
  @ApiOkResponse({ type: WorkbenchRowDto })
  assign(
    @CurrentUser() user: User,
    @Param() params: IdParamDto,
    @Body() dto: AssignDto,
    @Req() request: FastifyRequest,
  ) {
    return this.workbench.assign(user, params.id, dto.assignee_id, request);
  }

  @Post('bulk')
  @HttpCode(200)
  @ApiOkResponse({ type: BulkResultsDto, description: 'One result per claim; a failed claim is unchanged' })
  bulk(@CurrentUser() user: User, @Body() dto: BulkActionDto, @Req() request: FastifyRequest) {
    return this.workbench.bulk(user, dto, request);
  }

  @Get('views')
  @ApiOkResponse({ type: SavedViewListDto })
  views(@CurrentUser() user: User) {
    return this.workbench.listViews(user);
  }

  @Post('views')
  @ApiOkResponse({ type: SavedViewResponseDto })
  @HttpCode(201)
  createView(@CurrentUser() user: User, @Body() dto: SavedViewDto) {
    return this.workbench.createView(user, dto);
  }

  @Put('views/:id')
  @ApiOkResponse({ type: SavedViewResponseDto })
  updateView(@CurrentUser() user: User, @Param() params: IdParamDto, @Body() dto: SavedViewDto) {
    return this.workbench.updateView(user, params.id, dto);
  }

  @Delete('views/:id')
  @HttpCode(204)
  @ApiNoContentResponse({ description: 'Deleted' })
  deleteView(@CurrentUser() user: User, @Param() params: IdParamDto) {
    return this.workbench.deleteView(user, params.id);
  }

  @Get('staff')
  @ApiOkResponse({ type: StaffListDto, description: 'Active staff members (assignees)' })
  staff() {
    return this.workbench.staffMembers();
  }

  @Get('sla-targets')
  @ApiOkResponse({ type: SlaTargetsResponseDto })
  slaTargets() {
    return this.workbench.getSlaTargets();
  }

  @Put('sla-targets')
  @Roles('ADMIN')
  @ApiOkResponse({ type: SlaTargetsResponseDto })
  setSlaTargets(@CurrentUser() user: User, @Body() dto: SetSlaTargetsDto, @Req() request: FastifyRequest) {
    return this.workbench.setSlaTargets(user, dto, request);
  }

  @Get('service-staff')
  @ApiOkResponse({ type: ServiceStaffListDto })
  serviceStaff() {
    return this.workbench.getServiceStaff();
  }

  @Put('service-staff/:service')
  @Roles('ADMIN')
  @ApiOkResponse({ type: ServiceStaffDto })
  setServiceStaff(
    @CurrentUser() user: User,
    @Param() params: ServiceParamDto,
    @Body() dto: SetServiceStaffDto,
    @Req() request: FastifyRequest,
  ) {
    return this.workbench.setServiceStaff(user, params.service, dto, request);
  }
}
