import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/core';
import type { AppConfig } from '../../config/config';
import { hashPassword } from '../../modules/auth/password-hashing';
import { normaliseEmail, User } from '../../modules/users/user.entity';
import type { SeedContext, SeedStep } from '../seed-step';

export const DEFAULT_ADMIN_EMAIL = 'admin@reclaim.local';

/**
 * An ADMIN account when none exists: ADMIN_EMAIL / ADMIN_PASSWORD, or a generated password
 * printed once to stdout (not to the log) on the start that creates it.
 */
export const adminSeed: SeedStep = {
  name: 'admin',
  async run(em: EntityManager, config: AppConfig, ctx: SeedContext) {
    const existingAdmin = await em.count(User, { role: 'ADMIN' });
    if (existingAdmin > 0) return;
    const email = normaliseEmail(config.adminEmail ?? DEFAULT_ADMIN_EMAIL);
    const generated = config.adminPassword === null;
    const password = config.adminPassword ?? randomBytes(18).toString('base64url');

    const existing = await em.findOne(User, { email });
    const user = existing ?? new User();
    user.email = email;
    user.username ||= email.split('@')[0] ?? 'admin';
    user.displayName ||= 'Administrator';
    user.role = 'ADMIN';
    user.isActive = true;
    user.passwordHash = await hashPassword(password);
    em.persist(user);
    await em.flush();

    ctx.logger.log({ userId: user.id }, 'admin account created');
    if (generated) {
      ctx.announce(
        [
          '',
          '================ Reclaim admin account ================',
          `  e-mail:   ${email}`,
          `  password: ${password}`,
          '  Shown once. Change it after signing in, or set ADMIN_EMAIL / ADMIN_PASSWORD.',
          '========================================================',
          '',
        ].join('\n'),
      );
    }
  },
};
