import { Body, Controller, Get, HttpCode, Param, Post, Put, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOkResponse, ApiProduces, ApiTags } from '@nestjs/swagger';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CurrentUser, Roles } from '../../common/decorators';
import { IdParamDto } from '../assessments/dto/assessment.dto';
import { contentDisposition } from '../documents/documents.service';
import type { User } from '../users/user.entity';
import { ClaimDraftListDto, ClaimDraftResponseDto } from './claim-draft.response';
import { ClaimDraftsService } from './claim-drafts.service';
import {
  ClaimDraftFieldsDto,
  ClaimDraftParamsDto,
  EditClaimDraftDto,
  SignClaimDraftDto,
} from './dto/claim-draft.dto';

// Draft claim documents of a claim (issue 30 §1).
@ApiTags('claim drafts')
@ApiBearerAuth()
@Controller('api/claims/:id/drafts')
export class ClaimDraftsController {
  constructor(private readonly drafts: ClaimDraftsService) {}

  @Get()
  @ApiOkResponse({ type: ClaimDraftListDto })
  list(@CurrentUser() user: User, @Param() params: IdParamDto, @Req() request: FastifyRequest) {
    return this.drafts.list(user, params.id, request);
  }

  @Post()
  @HttpCode(200)
  @Roles('STAFF', 'ADMIN')
  @ApiOkResponse({ type: ClaimDraftListDto, description: 'One draft per route the result supports' })
  generate(@CurrentUser() user: User, @Param() params: IdParamDto, @Req() request: FastifyRequest) {
    return this.drafts.generate(user, params.id, request);
  }

  @Put('fields')
  @ApiOkResponse({ type: ClaimDraftListDto, description: 'The client’s fields on every unsigned draft' })
  supply(
    @CurrentUser() user: User,
    @Param() params: IdParamDto,
    @Body() dto: ClaimDraftFieldsDto,
    @Req() request: FastifyRequest,
  ) {
    return this.drafts.supply(user, params.id, dto, request);
  }

  @Put(':draftId')
  @Roles('STAFF', 'ADMIN')
  @ApiOkResponse({ type: ClaimDraftResponseDto })
  edit(
    @CurrentUser() user: User,
    @Param() params: ClaimDraftParamsDto,
    @Body() dto: EditClaimDraftDto,
    @Req() request: FastifyRequest,
  ) {
    return this.drafts.edit(user, params.id, params.draftId, dto, request);
  }

  @Post(':draftId/sign')
  @HttpCode(200)
  @ApiOkResponse({ type: ClaimDraftResponseDto })
  sign(
    @CurrentUser() user: User,
    @Param() params: ClaimDraftParamsDto,
    @Body() dto: SignClaimDraftDto,
    @Req() request: FastifyRequest,
  ) {
    return this.drafts.sign(user, params.id, params.draftId, dto, request);
  }

  @Get(':draftId/pdf')
  @ApiProduces('application/pdf')
  @ApiOkResponse({ description: 'The signed claim', schema: { type: 'string', format: 'binary' } })
  async pdf(
    @CurrentUser() user: User,
    @Param() params: ClaimDraftParamsDto,
    @Req() request: FastifyRequest,
    @Res() reply: FastifyReply,
  ) {
    const { filename, size, stream } = await this.drafts.openPdf(user, params.id, params.draftId, request);
    return reply
      .header('Content-Type', 'application/pdf')
      .header('Content-Length', String(size))
      .header('Content-Disposition', contentDisposition(filename))
      .header('X-Content-Type-Options', 'nosniff')
      .header('Cache-Control', 'private, no-store')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .send(stream);
  }
}
