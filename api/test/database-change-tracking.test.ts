import { EntityManager, MikroORM, RequestContext } from '@mikro-orm/core';
import { JwtAuthGuard } from '../src/common/jwt-auth.guard';
import { User } from '../src/modules/users/user.entity';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  createTestApp,
  login,
  registerUser,
  TEST_ADMIN_EMAIL,
  TEST_ADMIN_PASSWORD,
  type TestApp,
} from './helpers/app';

// Loading an entity and flushing must write nothing: a false change set means needless UPDATEs
// and, with version columns, false 409s (it happened with `type: 'datetime'` on SQLite).
describe('change tracking', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await registerUser(t);
    await login(t, TEST_ADMIN_EMAIL, TEST_ADMIN_PASSWORD);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('the user the auth guard maps from its SQL row (on first use) is a clean, managed entity', async () => {
    const u = await registerUser(t);
    const orm = t.app.get(MikroORM);
    const guard = t.app.get(JwtAuthGuard);
    await RequestContext.create(orm.em, async () => {
      const result = await guard.authenticate(u.access);
      expect(result?.identity).toEqual({ id: u.user.id, role: 'CLIENT', isStaff: false });
      const em = orm.em.getContext();
      // who is asking is known without an entity: nothing is mapped until the user is asked for
      expect(em.getUnitOfWork().getById(User.name, u.user.id)).toBeUndefined();
      const user = result?.user();
      expect(user).toMatchObject({ id: u.user.id, email: u.email, isActive: true, role: 'CLIENT' });
      expect(user?.dateJoined).toBeInstanceOf(Date);
      expect(user?.notificationPreferences).toMatchObject({ email_messages: true });
      expect(result?.user()).toBe(user);
      expect(em.getUnitOfWork().getById(User.name, u.user.id)).toBe(user);
      em.getUnitOfWork().computeChangeSets();
      expect(em.getUnitOfWork().getChangeSets()).toEqual([]);
    });
  });

  it('no entity of any table is dirty right after loading', async () => {
    const metas = Object.values(t.app.get(MikroORM).getMetadata().getAll()).filter(
      (m) => m.class && !m.embeddable && !m.virtual,
    );
    expect(metas.length).toBeGreaterThanOrEqual(5);
    let loaded = 0;
    for (const meta of metas) {
      const em = t.app.get(EntityManager).fork();
      const rows = await em.find(meta.class, {}, { limit: 20 });
      loaded += rows.length;
      em.getUnitOfWork().computeChangeSets();
      const dirty = em
        .getUnitOfWork()
        .getChangeSets()
        .map((c) => ({ entity: c.name, payload: c.payload }));
      expect(dirty, meta.className).toEqual([]);
    }
    expect(loaded).toBeGreaterThan(0);
  });
});
