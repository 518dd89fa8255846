/* eslint-disable @typescript-eslint/no-unsafe-member-access, @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-call -- response bodies are read as untyped JSON; the assertions are what check their shape */
import { EntityManager, MikroORM } from '@mikro-orm/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ActivityLog } from '../src/modules/activity-logs/activity-log.entity';
import { AuthSession } from '../src/modules/auth/auth-session.entity';
import { DefinitionVersion } from '../src/modules/definitions/definition-version.entity';
import { DefinitionsService } from '../src/modules/definitions/definitions.service';
import { SEED_ARTICLES } from '../src/database/seeders/news-articles';
import { seedDatabase } from '../src/database/seed';
import { createCast, type Cast } from './fixtures/domain';
import { createTestApp, registerUser, type ApiBody, type TestApp } from './helpers/app';
import { waitForMail } from './helpers/mail';

describe('services, definitions, news, contact and admin', () => {
  let t: TestApp;
  let cast: Cast;
  beforeAll(async () => {
    t = await createTestApp();
    cast = await createCast(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('services: active catalogue, categories with old names migrated', async () => {
    const all = await t.request({ method: 'GET', url: '/services/' });
    expect(all.statusCode).toBe(200);
    const services =
      all.json<{ id: string; isActive: boolean; typeCode: string; assessmentType: string }[]>();
    expect(services.length).toBeGreaterThan(0);
    expect(services.every((s) => s.isActive)).toBe(true);
    const byCategory = async (c: string) =>
      (await t.request({ method: 'GET', url: `/services/category/${c}/` })).json<
        { id: string; category: string; route: string }[]
      >();
    const property = await byCategory('property-assets-refunds');
    expect(property.map((s) => s.route)).toEqual(
      expect.arrayContaining([
        '/services/sdlt-refunds',
        '/services/capital-allowances',
        '/services/cgt-reclaims',
      ]),
    );
    expect(await byCategory('property_tax')).toEqual(property);
    expect(await byCategory('personal_gains')).toEqual(property);
    const innovation = await byCategory('corporate_tax');
    expect(innovation.length).toBeGreaterThan(0);
    expect(innovation.every((s) => s.category === 'innovation-investments-relief')).toBe(true);
    expect(await byCategory('legacy')).toEqual([]);
    expect(await byCategory('no-such-category')).toEqual([]);
    const withInactive = await t.request({
      method: 'GET',
      url: '/services/?all=true',
      headers: cast.staff.headers,
    });
    expect(withInactive.json().length).toBeGreaterThan(services.length);
    const clientAll = await t.request({
      method: 'GET',
      url: '/services/?all=true',
      headers: cast.clientA.headers,
    });
    expect(clientAll.json()).toHaveLength(services.length);
  });

  it('definitions: listed from the database; published payload with parameter sets; aliases and generic fallback', async () => {
    const list = await t.request({ method: 'GET', url: '/api/definitions/' });
    expect(list.json()).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          id: 'sdlt_refund',
          version: 1,
          status: 'published',
          serviceType: 'sdlt_refund',
        }),
      ]),
    );
    const cgt = await t.request({ method: 'GET', url: '/api/definitions/cgt_reclaim/published/' });
    expect(cgt.statusCode).toBe(200);
    expect(cgt.json().definition.id).toBe('cgt_assessment');
    expect(cgt.json().parameterSets.map((p: { id: string }) => p.id)).toContain('cgt');
    const same = await t.request({ method: 'GET', url: '/api/definitions/cgt_assessment/published' });
    expect(same.json()).toEqual(cgt.json());
    const unknown = await t.request({ method: 'GET', url: '/api/definitions/vat_reclaim/published/' });
    expect(unknown.json().definition.id).toBe('generic');
    expect(
      (await t.request({ method: 'GET', url: '/api/definitions/..%2F..%2Fetc/published/' })).statusCode,
    ).toBe(400);
  });

  it('a draft version is listed for staff only and never used for clients’ assessments', async () => {
    const versions = async (headers: Record<string, string>) =>
      (await t.request({ method: 'GET', url: '/api/definitions/', headers }))
        .json<{ id: string; version: number }[]>()
        .filter((d) => d.id === 'sdlt_refund')
        .map((d) => d.version);
    const published = await versions({});
    const current = Math.max(...published);
    const em = t.app.get(MikroORM).em.fork();
    const base = await em.findOneOrFail(
      DefinitionVersion,
      { definitionId: 'sdlt_refund', version: current },
      { populate: ['json'] },
    );
    const draftVersion = current + 1;
    const draft = em.create(DefinitionVersion, {
      definitionId: 'sdlt_refund',
      serviceType: 'sdlt_refund',
      aliases: [],
      version: draftVersion,
      status: 'draft',
      effectiveFrom: '2020-01-01',
      title: base.title,
      json: { ...base.json, version: draftVersion, status: 'draft' },
      checksum: 'draft-next',
      createdAt: new Date(),
    });
    await em.persistAndFlush(draft);
    t.app.get(DefinitionsService).invalidate();
    expect(await versions({})).toEqual(published);
    expect(await versions(cast.clientA.headers)).toEqual(published);
    expect(await versions(cast.staff.headers)).toEqual([...published, draftVersion]);
    expect(
      (await t.request({ method: 'GET', url: '/api/definitions/sdlt_refund/published/' })).json().definition
        .version,
    ).toBe(current);
    const saved = await t.request({
      method: 'POST',
      url: '/api/assessment/save/',
      headers: cast.clientA.headers,
      payload: { service_type: 'sdlt_refund', answers: {}, current_step: 0 },
    });
    expect(saved.json().definition_version).toBe(current);
  });

  it('seeding again is idempotent and never rewrites a published version', async () => {
    const em = t.app.get(MikroORM).em.fork();
    const before = await em.count(DefinitionVersion, {});
    await em.nativeUpdate(
      DefinitionVersion,
      { definitionId: 'sdlt_refund', version: 1 },
      { checksum: 'tampered-to-look-different' },
    );
    await seedDatabase(t.app.get(MikroORM).em.fork(), t.config, { announce: () => undefined });
    const after = await t.app
      .get(MikroORM)
      .em.fork()
      .findOneOrFail(DefinitionVersion, { definitionId: 'sdlt_refund', version: 1 });
    expect(after.checksum).toBe('tampered-to-look-different');
    expect(await em.count(DefinitionVersion, {})).toBe(before);
    const news = await t.request({ method: 'GET', url: '/news/?page_size=100' });
    expect(news.json().count).toBe(SEED_ARTICLES.length);
  });

  it('news: seeded articles, published only, newest first, paginated; slug detail with Markdown body', async () => {
    const page1 = await t.request({ method: 'GET', url: '/news/?page=1&page_size=4' });
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body).toMatchObject({ count: 6, page: 1, page_size: 4 });
    expect(body.results).toHaveLength(4);
    const dates = body.results.map((a: { published_at: string }) => a.published_at);
    expect([...dates].sort().reverse()).toEqual(dates);
    expect(body.results[0]).not.toHaveProperty('body');
    const page2 = (await t.request({ method: 'GET', url: '/news/?page=2&page_size=4' })).json();
    expect(page2.results).toHaveLength(2);
    const mdr = await t.request({
      method: 'GET',
      url: '/news/multiple-dwellings-relief-abolished-june-2024/',
    });
    expect(mdr.json()).toMatchObject({
      title: 'Multiple Dwellings Relief abolished from 1 June 2024',
      author: 'Reclaim Tax Team',
    });
    expect(mdr.json().body).toContain('1 June 2024');
    expect((await t.request({ method: 'GET', url: '/news/?page_size=101' })).statusCode).toBe(400);
    expect((await t.request({ method: 'GET', url: '/news/no-such-article/' })).statusCode).toBe(404);
  });

  it('news: staff create a draft (hidden), publish it (first in the list), edit and unpublish it', async () => {
    const created = await t.request({
      method: 'POST',
      url: '/api/news/',
      headers: cast.staff.headers,
      payload: { title: 'Autumn update for clients', summary: 'What changes', body: '# Hello\n\nText' },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json()).toMatchObject({
      slug: 'autumn-update-for-clients',
      status: 'draft',
      published_at: null,
    });
    expect((await t.request({ method: 'GET', url: '/news/autumn-update-for-clients/' })).statusCode).toBe(
      404,
    );
    const published = await t.request({
      method: 'POST',
      url: '/api/news/autumn-update-for-clients/publish/',
      headers: cast.staff.headers,
    });
    expect(published.json().status).toBe('published');
    expect((await t.request({ method: 'GET', url: '/news/' })).json().results[0].slug).toBe(
      'autumn-update-for-clients',
    );
    const edited = await t.request({
      method: 'PATCH',
      url: '/api/news/autumn-update-for-clients/',
      headers: cast.staff.headers,
      payload: { title: 'Autumn update' },
    });
    expect(edited.json().title).toBe('Autumn update');
    await t.request({
      method: 'POST',
      url: '/api/news/autumn-update-for-clients/unpublish/',
      headers: cast.staff.headers,
    });
    expect((await t.request({ method: 'GET', url: '/news/autumn-update-for-clients/' })).statusCode).toBe(
      404,
    );
    const dup = await t.request({
      method: 'POST',
      url: '/api/news/',
      headers: cast.staff.headers,
      payload: { slug: 'autumn-update-for-clients', title: 'x', summary: 'y', body: 'z' },
    });
    expect(dup.statusCode).toBe(409);
    expect(
      (
        await t.request({
          method: 'POST',
          url: '/api/news/',
          headers: cast.clientA.headers,
          payload: { title: 'x', summary: 'y', body: 'z' },
        })
      ).statusCode,
    ).toBe(403);
    const all = await t.request({
      method: 'GET',
      url: '/api/news/?status=draft',
      headers: cast.staff.headers,
    });
    expect(all.json().results.map((a: { slug: string }) => a.slug)).toContain('autumn-update-for-clients');
  });

  it('contact: stored and e-mailed to the firm; staff list them', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/contact/',
      payload: {
        name: 'Pat Buyer',
        email: 'pat@example.test',
        subject: 'SDLT refund',
        message: 'I bought a flat with an annexe.',
      },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().detail).toMatch(/Thank you/);
    const mail = await waitForMail(t.dataDir, t.config.firmEmail);
    expect(mail).toContain('I bought a flat with an annexe.');
    const list = await t.request({
      method: 'GET',
      url: '/api/contact-messages/',
      headers: cast.staff.headers,
    });
    expect(list.json().results[0]).toMatchObject({ email: 'pat@example.test', subject: 'SDLT refund' });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      const r = await t.request({
        method: 'POST',
        url: '/contact/',
        payload: { name: 'Spam', email: 's@example.test', subject: 'x', message: 'y' },
        remoteAddress: '10.77.0.1',
      });
      statuses.push(r.statusCode);
    }
    expect(statuses).toEqual([...Array(10).fill(201), 429]);
    const bad = await t.request({
      method: 'POST',
      url: '/contact/',
      payload: { name: 'x', email: 'not-an-email', subject: '', message: 5 },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors.map((e: { field: string }) => e.field)).toEqual(
      expect.arrayContaining(['email', 'subject', 'message']),
    );
  });

  it('admin dashboard counts users, assessments, claims and the pipeline value', async () => {
    const res = await t.request({ method: 'GET', url: '/admin/dashboard/', headers: cast.staff.headers });
    expect(res.statusCode).toBe(200);
    const d = res.json();
    expect(d.users.total).toBeGreaterThanOrEqual(5);
    expect(d.users.staff).toBeGreaterThanOrEqual(2);
    // The demo client's claim (seeded) is in the pipeline.
    expect(d.claims.total).toBeGreaterThanOrEqual(1);
    expect(d.claims.by_status.documents_requested).toBeGreaterThanOrEqual(1);
    expect(d.pipeline_value.median).toBeGreaterThan(0);
    expect(d.assessments.by_service.sdlt_refund).toBeGreaterThanOrEqual(1);
    // Names from the services catalogue, not a copy kept in the web app.
    expect(d.assessments.service_names.sdlt_refund).toBe('SDLT Refunds');
    expect(d.value_over_time.length).toBeGreaterThanOrEqual(1);
    expect(Array.isArray(d.recent_activity)).toBe(true);
  });

  it('admin users: search and role filter; role change needs ADMIN and is logged; deactivation ends sessions', async () => {
    const target = await registerUser(t, { email: `findme-${Date.now()}@example.test` });
    const search = await t.request({
      method: 'GET',
      url: '/admin/users/?search=findme',
      headers: cast.staff.headers,
    });
    expect(search.json().results.map((u: { id: string }) => u.id)).toEqual([target.user.id]);
    const staffOnly = await t.request({
      method: 'GET',
      url: '/admin/users/?role=STAFF',
      headers: cast.staff.headers,
    });
    expect(staffOnly.json().results.every((u: { role: string }) => u.role === 'STAFF')).toBe(true);

    const byStaff = await t.request({
      method: 'PATCH',
      url: `/admin/users/${target.user.id}/`,
      headers: cast.staff.headers,
      payload: { role: 'ADMIN' },
    });
    expect(byStaff.statusCode).toBe(403);
    // Issue 29 §6: a role change must be confirmed.
    const unconfirmed = await t.request({
      method: 'PATCH',
      url: `/admin/users/${target.user.id}/`,
      headers: cast.admin.headers,
      payload: { role: 'STAFF' },
    });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json<ApiBody>().errors).toEqual([
      expect.objectContaining({ field: 'confirm_role_change' }),
    ]);
    const promoted = await t.request({
      method: 'PATCH',
      url: `/admin/users/${target.user.id}/`,
      headers: cast.admin.headers,
      payload: { role: 'STAFF', confirm_role_change: true },
    });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ role: 'STAFF', is_staff: true });
    const mass = await t.request({
      method: 'PATCH',
      url: `/admin/users/${target.user.id}/`,
      headers: cast.admin.headers,
      payload: { email: 'x@y.z' },
    });
    expect(mass.statusCode).toBe(400);

    const deactivated = await t.request({
      method: 'PATCH',
      url: `/admin/users/${target.user.id}/`,
      headers: cast.admin.headers,
      payload: { is_active: false },
    });
    expect(deactivated.json()).toMatchObject({ is_active: false });
    const em = t.app.get(EntityManager).fork();
    const sessions = await em.find(AuthSession, { user: target.user.id });
    expect(sessions.length).toBeGreaterThan(0);
    expect(sessions.every((s) => s.revokedAt !== null)).toBe(true);
    const refresh = await t.request({
      method: 'POST',
      url: '/auth/refresh/',
      payload: { refresh: target.refresh },
    });
    expect(refresh.statusCode).toBe(401);
    // The right password on a disabled account: told so (403); a wrong one learns nothing (401).
    const disabled = await t.request({
      method: 'POST',
      url: '/auth/login/',
      payload: { username: target.email, password: target.password },
    });
    expect(disabled.statusCode).toBe(403);
    expect(disabled.json<ApiBody>().detail).toBe(
      'This account has been disabled. Please contact us to restore access.',
    );
    const guessed = await t.request({
      method: 'POST',
      url: '/auth/login/',
      payload: { username: target.email, password: 'Not-the-password-1' },
    });
    expect(guessed.statusCode).toBe(401);
    expect(guessed.json<ApiBody>().detail).toBe('Invalid email or password');
    expect(await em.count(ActivityLog, { action: 'role_change', targetId: target.user.id })).toBe(1);
    expect(await em.count(ActivityLog, { action: 'user_deactivated', targetId: target.user.id })).toBe(1);

    const self = await t.request({
      method: 'PATCH',
      url: `/admin/users/${cast.admin.id}/`,
      headers: cast.admin.headers,
      payload: { role: 'CLIENT' },
    });
    expect(self.statusCode).toBe(400);

    const audit = await t.request({
      method: 'GET',
      url: `/admin/users/${target.user.id}/audit/`,
      headers: cast.staff.headers,
    });
    expect(audit.json().user.id).toBe(target.user.id);
    expect(audit.json().activity.map((a: { action: string }) => a.action)).toEqual(
      expect.arrayContaining(['register', 'role_change', 'user_deactivated']),
    );
  });

  it('activity logs filter by user, action and date range; system metrics report the process and database', async () => {
    const byAction = await t.request({
      method: 'GET',
      url: '/admin/activity-logs/?action=role_change',
      headers: cast.staff.headers,
    });
    expect(byAction.json().results.every((a: { action: string }) => a.action === 'role_change')).toBe(true);
    expect(byAction.json().count).toBeGreaterThanOrEqual(1);
    const byUser = await t.request({
      method: 'GET',
      url: `/admin/activity-logs/?user=${cast.clientA.id}`,
      headers: cast.staff.headers,
    });
    expect(byUser.json().results.every((a: { user: { id: string } }) => a.user.id === cast.clientA.id)).toBe(
      true,
    );
    const future = await t.request({
      method: 'GET',
      url: '/admin/activity-logs/?from=2999-01-01',
      headers: cast.staff.headers,
    });
    expect(future.json().count).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const ranged = await t.request({
      method: 'GET',
      url: `/admin/activity-logs/?from=${today}&to=${today}`,
      headers: cast.staff.headers,
    });
    expect(ranged.json().count).toBeGreaterThan(0);
    expect(
      (
        await t.request({
          method: 'GET',
          url: '/admin/activity-logs/?from=yesterday',
          headers: cast.staff.headers,
        })
      ).statusCode,
    ).toBe(400);

    const metrics = await t.request({
      method: 'GET',
      url: '/admin/system-metrics/',
      headers: cast.admin.headers,
    });
    const m = metrics.json();
    expect(m.uptime_seconds).toBeGreaterThanOrEqual(0);
    expect(m.memory.rss).toBeGreaterThan(0);
    expect(m.database.driver).toBe(t.driver);
    expect(m.database.size_bytes).toBeGreaterThan(0);
    expect(m.requests.total).toBeGreaterThan(0);
    expect(m.latency_ms).toHaveProperty('p99');
  });
});
