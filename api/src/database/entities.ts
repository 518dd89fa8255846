// Every entity, listed explicitly (no folder scanning). Both H5 and H6 add theirs here.
import { ActivityLog } from '../modules/activity-logs/activity-log.entity';
import { AuthSession } from '../modules/auth/auth-session.entity';
import { PasswordResetToken } from '../modules/auth/password-reset-token.entity';
import { RefreshToken } from '../modules/auth/refresh-token.entity';
import { User } from '../modules/users/user.entity';

export const entities = [
  // core (H5)
  User,
  AuthSession,
  RefreshToken,
  PasswordResetToken,
  ActivityLog,
  // domain (H6)
];
