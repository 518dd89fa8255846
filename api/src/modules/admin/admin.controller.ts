import { Body, Controller, Get, HttpCode, HttpStatus, Param, Patch, Post, Query, Req } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiConflictResponse,
  ApiCreatedResponse,
  ApiOkResponse,
  ApiOperation,
  ApiTags,
} from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, Roles } from '../../common/decorators';
import { IdParamDto } from '../assessments/dto/assessment.dto';
import type { User } from '../users/user.entity';
import { StaffInviteService } from '../auth/staff-invite.service';
import {
  ActivityLogPageDto,
  AdminDashboardDto,
  AdminUserResponse,
  StaffInviteResponse,
  SystemMetricsDto,
  UserAuditDto,
  UserPageDto,
} from './admin.response';
import { AdminService } from './admin.service';
import { InviteStaffDto, ListActivityLogsQueryDto, ListUsersQueryDto, UpdateUserDto } from './dto/admin.dto';

@ApiTags('admin')
@ApiBearerAuth()
@Roles('STAFF', 'ADMIN')
@Controller('admin')
export class AdminController {
  constructor(
    private readonly admin: AdminService,
    private readonly invites: StaffInviteService,
  ) {}

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

  @Post('users/invite')
  @Roles('ADMIN')
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: 'Invite a staff member by e-mail',
    description:
      'Creates an inactive account with the role chosen and e-mails a single-use link (72 hours) to set a password. Inviting a pending address again sends a new link and ends the old one.',
  })
  @ApiCreatedResponse({ type: StaffInviteResponse })
  @ApiConflictResponse({ description: 'The address already has an account' })
  invite(@CurrentUser() user: User, @Body() dto: InviteStaffDto, @Req() request: FastifyRequest) {
    return this.invites.invite(user, dto, request);
  }

  @Patch('users/:id')
  @ApiOkResponse({ type: AdminUserResponse })
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
