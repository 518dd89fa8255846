import { Body, Controller, Get, Param, Patch, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, Roles } from '../../common/decorators';
import { IdParamDto } from '../assessments/dto/assessment.dto';
import type { User } from '../users/user.entity';
import { UserResponse } from '../users/user.dto';
import {
  ActivityLogPageDto,
  AdminDashboardDto,
  SystemMetricsDto,
  UserAuditDto,
  UserPageDto,
} from './admin.response';
import { AdminService } from './admin.service';
import { ListActivityLogsQueryDto, ListUsersQueryDto, UpdateUserDto } from './dto/admin.dto';

@ApiTags('admin')
@ApiBearerAuth()
@Roles('STAFF', 'ADMIN')
@Controller('admin')
export class AdminController {
  constructor(private readonly admin: AdminService) {}

  @Get('dashboard')
  @ApiOkResponse({ type: AdminDashboardDto })
  dashboard() {
    return this.admin.dashboard();
  }

  @Get('users')
  @ApiOkResponse({ type: UserPageDto })
  users(@Query() query: ListUsersQueryDto) {
    return this.admin.listUsers(query);
  }

  @Patch('users/:id')
  @ApiOkResponse({ type: UserResponse })
  updateUser(
    @CurrentUser() user: User,
    @Param() params: IdParamDto,
    @Body() dto: UpdateUserDto,
    @Req() request: FastifyRequest,
  ) {
    return this.admin.updateUser(user, params.id, dto, request);
  }

  @Get('users/:id/audit')
  @ApiOkResponse({ type: UserAuditDto })
  audit(@CurrentUser() user: User, @Param() params: IdParamDto, @Req() request: FastifyRequest) {
    return this.admin.userAudit(user, params.id, request);
  }

  @Get('activity-logs')
  @ApiOkResponse({ type: ActivityLogPageDto })
  activityLogs(@Query() query: ListActivityLogsQueryDto) {
    return this.admin.activityLogs(query);
  }

  @Get('system-metrics')
  @ApiOkResponse({ type: SystemMetricsDto })
  systemMetrics() {
    return this.admin.systemMetrics();
  }
}
