import { Global, Module } from '@nestjs/common';
import { APP_GUARD } from '@nestjs/core';
import { JwtAuthGuard } from '../../common/jwt-auth.guard';
import { RolesGuard } from '../../common/roles.guard';
import { AuthController } from './auth.controller';
import { AuthService } from './auth.service';
import { EmailChangeService } from './email-change.service';
import { DeviceCookie } from './device-cookie';
import { LoginLinkService } from './login-link.service';
import { LoginThrottle } from './login-throttle';
import { SessionsService } from './sessions.service';
import { StaffInviteService } from './staff-invite.service';
import { TokensService } from './tokens.service';

// Guards run in this order for every route: authentication, then roles.
@Global()
@Module({
  controllers: [AuthController],
  providers: [
    TokensService,
    SessionsService,
    AuthService,
    EmailChangeService,
    LoginThrottle,
    DeviceCookie,
    LoginLinkService,
    StaffInviteService,
    JwtAuthGuard,
    RolesGuard,
    { provide: APP_GUARD, useExisting: JwtAuthGuard },
    { provide: APP_GUARD, useExisting: RolesGuard },
  ],
  exports: [TokensService, SessionsService, JwtAuthGuard, EmailChangeService, StaffInviteService],
})
export class AuthModule {}
