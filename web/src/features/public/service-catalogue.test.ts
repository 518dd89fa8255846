import { describe, expect, it } from 'vitest';
import { resolveServicePath, serviceGroups } from './service-catalogue';

describe('service routes (site spec section 2)', () => {
  it.each([
    '/services/sdlt-refunds',
    '/services/business-rates-appeals',
    '/services/capital-allowances',
    '/services/inheritance-tax-planning',
    '/services/rd-tax-credits',
    '/services/patent-box',
    '/services/capital-gains-tax',
    '/services/capital-gains',
    '/services/cgt-reclaims',
    '/services/enterprise-investment-scheme',
  ])('%s shows a page', (path) => {
    expect(resolveServicePath(path).kind).toBe('page');
  });

  it.each([
    ['/services/stamp-duty-land-tax-refund', '/services/sdlt-refunds'],
    ['/services/sdlt', '/services/sdlt-refunds'],
    ['/services/capital', '/services/capital-allowances'],
    ['/services/inheritance-tax', '/services/inheritance-tax-planning'],
    ['/services/inheritance-tax-adjustments', '/services/inheritance-tax-planning'],
    ['/services/iht', '/services/inheritance-tax-planning'],
    ['/services/research-development-tax-credits', '/services/rd-tax-credits'],
    ['/services/rd', '/services/rd-tax-credits'],
    ['/services/patentbox', '/services/patent-box'],
    ['/services/patent', '/services/patent-box'],
    ['/services/patent-box-relief', '/services/patent-box'],
    ['/services/cgt', '/services/capital-gains-tax'],
    ['/services/eis', '/services/enterprise-investment-scheme'],
    ['/services/seis', '/services/enterprise-investment-scheme'],
    ['/services/eis-seis', '/services/enterprise-investment-scheme'],
    ['/services/businessrates', '/services/business-rates-appeals'],
    ['/services/vat-reclaim', '/services'],
    ['/services/vat', '/services'],
    ['/services/loss-relief', '/services'],
    ['/services/mileage-tax-relief', '/services'],
    ['/services/mileage', '/services'],
    ['/services/employment-allowance', '/services'],
    ['/services/employment', '/services'],
    ['/services/charitable-donations-tax-relief', '/services'],
    ['/services/charitable', '/services'],
    ['/services/pension-tax-relief', '/services'],
    ['/services/pension', '/services'],
  ])('%s redirects to %s, replacing the history entry', (from, to) => {
    expect(resolveServicePath(from)).toEqual({ kind: 'redirect', to, replace: true });
  });

  it('an unknown service path is not found', () => {
    expect(resolveServicePath('/services/no-such-service').kind).toBe('not-found');
  });

  it('the menu has the three categories and no inactive service', () => {
    const groups = serviceGroups();
    expect(groups.map((g) => g.category.id)).toEqual([
      'property-assets-refunds',
      'property-estate-savings',
      'innovation-investments-relief',
    ]);
    const titles = groups.flatMap((g) => g.pages.map((p) => p.path));
    expect(titles).not.toContain('/services/vat-reclaim');
    expect(titles).not.toContain('/services/employee-share-schemes');
    expect(titles).toHaveLength(8);
  });
});

describe('eligibility links', () => {
  it('lead to /assessment/{assessmentType}, keeping the type code for generic services', () => {
    const paths = Object.fromEntries(
      serviceGroups().flatMap((g) => g.pages.map((p) => [p.id, p.assessmentPath])),
    );
    expect(paths['sdlt-refunds']).toBe('/assessment/sdlt_refund');
    expect(paths['capital-gains-tax']).toBe('/assessment/cgt_assessment');
    expect(paths['inheritance-tax-planning']).toBe('/assessment/inheritance_tax');
    expect(paths['enterprise-investment-scheme']).toBe('/assessment/eis_relief');
  });
});
