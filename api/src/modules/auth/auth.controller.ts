import { Body, Controller, HttpCode, HttpStatus, Post, Req, Res } from '@nestjs/common';
import type { FastifyReply } from 'fastify';
import { ApiBearerAuth, ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { CurrentUser, Public } from '../../common/decorators';
import type { AppRequest } from '../../common/request';
import type { User } from '../users/user.entity';
import {
  AcceptInviteDto,
  AcceptInviteResponse,
  DetailResponse,
  EmailChangeUndoDto,
  EmailChangeUndoResponse,
  LoginDto,
  LoginLinkConfirmDto,
  LoginLinkDto,
  PasswordChangeDto,
  PasswordChangeResponse,
  PasswordResetConfirmDto,
  PasswordResetDto,
  RefreshDto,
  RegisterDto,
  TokenPairResponse,
  VerifyDto,
  VerifyResponse,
} from './auth.dto';
import { AuthService } from './auth.service';
import { EmailChangeService } from './email-change.service';
import { LoginLinkService } from './login-link.service';
import { StaffInviteService } from './staff-invite.service';

@ApiTags('auth')
@Controller('auth')
export class AuthController {
  constructor(
    private readonly auth: AuthService,
    private readonly emailChange: EmailChangeService,
    private readonly loginLinks: LoginLinkService,
    private readonly invites: StaffInviteService,
  ) {}

  @Public()
  @Post('login')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Sign in with e-mail (as username) and password' })
  @ApiResponse({ status: 200, type: TokenPairResponse })
  @ApiResponse({ status: 401, description: 'Invalid email or password' })
  @ApiResponse({ status: 429, description: 'Too many failed attempts' })
  login(@Body() dto: LoginDto, @Req() request: AppRequest, @Res({ passthrough: true }) reply: FastifyReply) {
    return this.auth.login(dto, request, reply);
  }

  @Public()
  @Post('login-link')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiOperation({
    summary: 'E-mail a one-time sign-in link',
    description:
      'The way in when sign-in is throttled: the link signs in once within 15 minutes and makes the device known. Same answer whether or not the account exists.',
  })
  @ApiResponse({ status: 202, type: DetailResponse })
  @ApiResponse({ status: 429, description: 'Too many links asked for' })
  loginLink(@Body() dto: LoginLinkDto, @Req() request: AppRequest) {
    return this.loginLinks.request(dto.email, request);
  }

  @Public()
  @Post('login-link/confirm')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Sign in with an e-mailed link (single use)' })
  @ApiResponse({ status: 200, type: TokenPairResponse })
  @ApiResponse({ status: 400, description: 'The link is invalid, expired or already used' })
  loginLinkConfirm(
    @Body() dto: LoginLinkConfirmDto,
    @Req() request: AppRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ) {
    return this.loginLinks.confirm(dto, request, reply);
  }

  @Public()
  @Post('register')
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: 'Create a client account',
    description:
      'The same answer whether or not the address already has an account (its owner is told by e-mail); sign in afterwards with the password.',
  })
  @ApiResponse({ status: 201, type: DetailResponse })
  register(@Body() dto: RegisterDto, @Req() request: AppRequest) {
    return this.auth.register(dto, request);
  }

  @Public()
  @Post('refresh')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({ summary: 'Rotate a refresh token: answers a new access and refresh token' })
  @ApiResponse({ status: 200, type: TokenPairResponse })
  refresh(@Body() dto: RefreshDto, @Req() request: AppRequest) {
    return this.auth.refresh(dto.refresh, request);
  }

  @Public()
  @Post('logout')
  @HttpCode(HttpStatus.NO_CONTENT)
  @ApiResponse({
    status: 204,
    description: 'The refresh token family (and the bearer session, if sent) is revoked',
  })
  async logout(@Body() dto: RefreshDto, @Req() request: AppRequest): Promise<void> {
    await this.auth.logout(dto.refresh, request);
  }

  @Public()
  @Post('verify')
  @HttpCode(HttpStatus.OK)
  @ApiResponse({ status: 200, type: VerifyResponse })
  verify(@Body() dto: VerifyDto) {
    return this.auth.verify(dto.token);
  }

  @Public()
  @Post('password-reset')
  @HttpCode(HttpStatus.ACCEPTED)
  @ApiResponse({
    status: 202,
    type: DetailResponse,
    description: 'Same answer whether or not the account exists',
  })
  passwordReset(@Body() dto: PasswordResetDto, @Req() request: AppRequest) {
    return this.auth.requestPasswordReset(dto, request);
  }

  @Public()
  @Post('password-reset/confirm')
  @HttpCode(HttpStatus.OK)
  @ApiResponse({ status: 200, type: DetailResponse })
  passwordResetConfirm(@Body() dto: PasswordResetConfirmDto, @Req() request: AppRequest) {
    return this.auth.confirmPasswordReset(dto, request);
  }

  @Public()
  @Post('invite/accept')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Accept a staff invitation: set the password and activate the account (single use)',
  })
  @ApiResponse({ status: 200, type: AcceptInviteResponse })
  @ApiResponse({
    status: 400,
    description: 'The link is invalid, expired or already used, or the password too weak',
  })
  acceptInvite(@Body() dto: AcceptInviteDto, @Req() request: AppRequest) {
    return this.invites.accept(dto, request);
  }

  @Post('password-change')
  @HttpCode(HttpStatus.OK)
  @ApiBearerAuth()
  @ApiResponse({ status: 200, type: PasswordChangeResponse })
  passwordChange(@CurrentUser() user: User, @Body() dto: PasswordChangeDto, @Req() request: AppRequest) {
    return this.auth.changePassword(user, request.auth?.sessionId ?? '', dto, request);
  }

  @Public()
  @Post('email-change/undo')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Undo an e-mail change with the link sent to the old address',
    description: 'Restores the old address and ends every session. Single use, valid 7 days.',
  })
  @ApiResponse({ status: 200, type: EmailChangeUndoResponse })
  @ApiResponse({ status: 400, description: 'The link is invalid, expired or already used' })
  undoEmailChange(@Body() dto: EmailChangeUndoDto, @Req() request: AppRequest) {
    return this.emailChange.undo(dto.token, request);
  }
}
