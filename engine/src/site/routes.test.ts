import { describe, expect, it } from 'vitest';
import { loadSiteData } from './load-site-data';
import {
  activeServicesByCategory,
  categoryForType,
  findService,
  listedCategories,
  migrateCategory,
  normaliseRoutePath,
  resolveServiceRoute,
} from './routes';
import { fixture } from './site-fixture.test-data';

const site = loadSiteData(fixture());

describe('resolveServiceRoute', () => {
  it('a page path shows the service', () => {
    const r = resolveServiceRoute(site, '/services/sdlt-refunds');
    expect(r).toMatchObject({ kind: 'page', canonicalPath: '/services/sdlt-refunds', placeholder: false });
    expect(r.kind === 'page' && r.service.id).toBe('sdlt-refunds');
  });
  it('a served-at path shows the same page with its canonical path', () => {
    expect(resolveServiceRoute(site, '/services/stamp-duty')).toMatchObject({
      kind: 'page',
      path: '/services/stamp-duty',
      canonicalPath: '/services/sdlt-refunds',
    });
  });
  it('redirects replace the history entry', () => {
    expect(resolveServiceRoute(site, '/services/sdlt')).toEqual({
      kind: 'redirect',
      path: '/services/sdlt',
      to: '/services/sdlt-refunds',
      replace: true,
    });
    expect(resolveServiceRoute(site, 'services/vat-reclaim/')).toEqual({
      kind: 'redirect',
      path: '/services/vat-reclaim',
      to: '/services',
      replace: true,
    });
  });
  it('the listing, and anything else is not found', () => {
    expect(resolveServiceRoute(site, '/services/')).toEqual({ kind: 'listing', path: '/services' });
    expect(resolveServiceRoute(site, '/services/unknown')).toEqual({
      kind: 'notFound',
      path: '/services/unknown',
    });
  });
  it('normalises case, query, hash and trailing slashes', () => {
    expect(normaliseRoutePath('/Services/SDLT/?ref=nav#top')).toBe('/services/sdlt');
    expect(normaliseRoutePath('')).toBe('/');
    expect(normaliseRoutePath('/')).toBe('/');
  });
});

describe('categories', () => {
  it('migrates old names and keeps current ids', () => {
    expect(migrateCategory(site, 'property_tax')).toBe('property-assets-refunds');
    expect(migrateCategory(site, 'property-assets-refunds')).toBe('property-assets-refunds');
    expect(migrateCategory(site, 'unknown')).toBeNull();
  });
  it('lists only active services, old names accepted', () => {
    expect(activeServicesByCategory(site, 'property_tax').map((s) => s.id)).toEqual(['sdlt-refunds']);
    expect(activeServicesByCategory(site, 'legacy')).toEqual([]);
    expect(activeServicesByCategory(site, 'unknown')).toEqual([]);
  });
  it('listed categories leave out legacy', () => {
    expect(listedCategories(site).map((c) => [c.category.id, c.services.map((s) => s.id)])).toEqual([
      ['property-assets-refunds', ['sdlt-refunds']],
    ]);
  });
  it('type codes map to categories; services are found by id or type code', () => {
    expect(categoryForType(site, 'vat_reclaim')).toBe('legacy');
    expect(categoryForType(site, 'toString')).toBeNull();
    expect(findService(site, 'sdlt_refund')?.id).toBe('sdlt-refunds');
    expect(findService(site, 'vat-reclaim')?.typeCode).toBe('vat_reclaim');
  });
});
