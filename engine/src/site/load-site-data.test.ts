import { describe, expect, it } from 'vitest';
import { DefinitionError } from '../definitions/definition-error';
import { loadSiteData } from './load-site-data';
import { fixture } from './site-fixture.test-data';

function issuesOf(run: () => unknown): { path: string; message: string }[] {
  try {
    run();
  } catch (error) {
    if (error instanceof DefinitionError) return error.issues;
    throw error;
  }
  throw new Error('expected a DefinitionError');
}

describe('loadSiteData', () => {
  it('returns the validated data', () => {
    const site = loadSiteData(fixture());
    expect(site.config.name).toBe('Reclaim');
    expect(site.services.map((s) => s.id)).toEqual(['sdlt-refunds', 'vat-reclaim']);
    expect(site.redirects).toHaveLength(2);
  });

  it('lists schema problems of every file with the file and JSON path', () => {
    const data = fixture();
    const config = { ...data.config, email: 'not-an-email', extra: 1 };
    const services = { services: [{ ...data.services.services[0], isActive: 'yes' }] };
    const issues = issuesOf(() => loadSiteData({ ...data, config, services }));
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ path: 'site-config.json/email' }),
        expect.objectContaining({ path: 'services.json/services/0/isActive', message: 'must be boolean' }),
      ]),
    );
    expect(issues.find((i) => i.path === 'site-config.json/extra')?.message).toContain(
      'unknown property "extra"',
    );
  });

  it('an active service needs page content and a page', () => {
    const data = fixture();
    const [sdlt] = data.services.services;
    if (sdlt === undefined) throw new Error('fixture');
    const { content: _content, ...withoutContent } = sdlt;
    const issues = issuesOf(() => loadSiteData({ ...data, services: { services: [withoutContent] } }));
    expect(issues).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          path: 'services.json/services/0',
          message: "must have required property 'content'",
        }),
      ]),
    );
  });

  it('rejects unknown categories and a category that does not match the type code', () => {
    const data = fixture();
    const [sdlt, vat] = data.services.services;
    if (sdlt === undefined || vat === undefined) throw new Error('fixture');
    const issues = issuesOf(() =>
      loadSiteData({
        ...data,
        services: {
          services: [
            { ...sdlt, category: 'property-tax' },
            { ...vat, category: 'property-assets-refunds' },
          ],
        },
      }),
    );
    expect(issues).toEqual(
      expect.arrayContaining([
        {
          path: 'services.json/services/0/category',
          message: 'unknown category "property-tax" (use a current id, not an old name)',
        },
        {
          path: 'services.json/services/1/category',
          message: 'type vat_reclaim belongs to "legacy", not "property-assets-refunds"',
        },
      ]),
    );
  });

  it('rejects redirect chains, redirects from pages and routes that lead nowhere', () => {
    const data = fixture();
    const [sdlt] = data.services.services;
    if (sdlt === undefined) throw new Error('fixture');
    const issues = issuesOf(() =>
      loadSiteData({
        ...data,
        services: {
          services: [
            { ...sdlt, alternativeRoutes: ['/services/sdlt', '/services/stampduty'] },
            ...data.services.services.slice(1),
          ],
        },
        redirects: {
          redirects: [
            ...data.redirects.redirects,
            { from: '/services/sdlt-refunds', to: '/services', replace: true, reason: 'site spec redirect' },
            { from: '/services/old', to: '/services/sdlt', replace: true, reason: 'site spec redirect' },
          ],
        },
      }),
    );
    expect(issues).toEqual(
      expect.arrayContaining([
        {
          path: 'redirects.json/redirects/2/from',
          message: '/services/sdlt-refunds is a page of "sdlt-refunds" and cannot redirect',
        },
        {
          path: 'redirects.json/redirects/3/to',
          message: '/services/sdlt is not a service page or /services',
        },
        {
          path: 'services.json/services/0/alternativeRoutes/1',
          message: '/services/stampduty neither shows a page nor redirects',
        },
      ]),
    );
  });

  it('an inactive service’s routes must lead to the listing', () => {
    const data = fixture();
    const redirects = {
      redirects: [
        data.redirects.redirects[0]!,
        {
          from: '/services/vat-reclaim',
          to: '/services/sdlt-refunds',
          replace: true,
          reason: 'site spec redirect' as const,
        },
      ],
    };
    expect(issuesOf(() => loadSiteData({ ...data, redirects }))).toEqual([
      {
        path: 'services.json/services/1/route',
        message: '/services/vat-reclaim leads to /services/sdlt-refunds, not to this service',
      },
    ]);
  });

  it('rejects an old name that migrates to an unknown category', () => {
    const data = fixture();
    const categories = {
      ...data.categories,
      oldNames: [{ name: 'corporate_tax', label: 'Corporate Tax Services', migratesTo: 'nowhere' }],
    };
    expect(issuesOf(() => loadSiteData({ ...data, categories }))).toEqual([
      { path: 'categories.json/oldNames/0/migratesTo', message: 'unknown category "nowhere"' },
    ]);
  });
});
