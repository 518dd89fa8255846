import { Body, Controller, Delete, Get, Header, HttpCode, HttpStatus, Patch, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiNoContentResponse, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyReply } from 'fastify';
import { CurrentUser } from '../../common/decorators';
import type { AppRequest } from '../../common/request';
import { DeleteCurrentUserDto, UpdateCurrentUserDto, UserResponse } from './user.dto';
import type { User } from './user.entity';
import { UsersService } from './users.service';

@ApiTags('users')
@ApiBearerAuth()
@Controller('users/current')
export class UsersController {
  constructor(private readonly users: UsersService) {}

  @Get()
  @ApiOkResponse({ type: UserResponse })
  current(@CurrentUser() user: User) {
    return this.users.current(user);
  }

  @Patch()
  @ApiOkResponse({ type: UserResponse })
  update(@CurrentUser() user: User, @Body() dto: UpdateCurrentUserDto, @Req() request: AppRequest) {
    return this.users.updateCurrent(user, dto, request);
  }

  @Get('export')
  @Header('Cache-Control', 'no-store')
  @ApiOkResponse({ description: 'All data held about the user, as a JSON attachment' })
  async export(
    @CurrentUser() user: User,
    @Req() request: AppRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    const document = await this.users.exportData(user, request);
    void reply.header('Content-Disposition', `attachment; filename="reclaim-export-${user.id}.json"`);
    return document;
  }

  @Delete()
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiNoContentResponse({ description: 'The account and its data are erased' })
  async erase(
    @CurrentUser() user: User,
    @Body() dto: DeleteCurrentUserDto,
    @Req() request: AppRequest,
  ): Promise<void> {
    await this.users.eraseCurrent(user, dto.password, request);
  }
}
