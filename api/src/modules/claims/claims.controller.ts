import { Body, Controller, Get, HttpCode, Param, Post, Query, Req } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiTags } from '@nestjs/swagger';
import type { FastifyRequest } from 'fastify';
import { CurrentUser, Roles } from '../../common/decorators';
import { IdParamDto } from '../assessments/dto/assessment.dto';
import type { User } from '../users/user.entity';
import { ClaimPageDto, ClaimResponseDto } from './claim.response';
import { ClaimsService } from './claims.service';
import { ChangeClaimStatusDto, ListClaimsQueryDto } from './dto/claim.dto';

@ApiTags('claims')
@ApiBearerAuth()
@Controller('api/claims')
export class ClaimsController {
  constructor(private readonly claims: ClaimsService) {}

  @Get()
  @ApiOkResponse({ type: ClaimPageDto })
  list(@CurrentUser() user: User, @Query() query: ListClaimsQueryDto) {
    return this.claims.list(user, query);
  }

  @Get(':id')
  @ApiOkResponse({ type: ClaimResponseDto, description: 'With its timeline' })
  get(@CurrentUser() user: User, @Param() params: IdParamDto, @Req() request: FastifyRequest) {
    return this.claims.get(user, params.id, request);
  }

  @Post(':id/status')
  @HttpCode(200)
  @ApiOkResponse({ type: ClaimResponseDto })
  @Roles('STAFF', 'ADMIN')
  changeStatus(
    @CurrentUser() user: User,
    @Param() params: IdParamDto,
    @Body() dto: ChangeClaimStatusDto,
    @Req() request: FastifyRequest,
  ) {
    return this.claims.changeStatus(user, params.id, dto, request);
  }
}
