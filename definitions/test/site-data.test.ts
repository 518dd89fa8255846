// The site data against the site spec (sections 1–3) and the issue: it loads through the engine's
// validators, every redirect of section 2 resolves as the spec says, every route of section 3 sits
// in its category, inactive services stay out of the active list and old category names migrate.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  activeServicesByCategory,
  categoryForType,
  findService,
  listedCategories,
  loadSiteData,
  migrateCategory,
  resolveServiceRoute,
  surveyTitleFor,
} from '@reclaim/engine';
import config from '../site/site-config.json';
import categories from '../site/categories.json';
import services from '../site/services.json';
import redirects from '../site/redirects.json';

const site = loadSiteData({ config, categories, services, redirects });

describe('site configuration', () => {
  it('names the firm and its contact details (footer)', () => {
    expect(site.config).toMatchObject({
      name: 'Reclaim',
      legalName: 'Reclaim Tax Advisory Ltd',
      tagline: 'Expert tax reclamation services for individuals and businesses across the UK',
      logos: { primary: '/logo.svg', fallback: '/logo-default.svg' },
      businessHours: 'Monday to Friday 09:00-17:00',
    });
    expect(site.config.address.city).toBe('London');
    expect(Object.keys(site.config.socials).sort()).toEqual(['facebook', 'linkedin', 'twitter']);
  });
  it('opening hours are Monday to Friday, 09:00 to 17:00', () => {
    expect(site.config.openingHours).toEqual(
      ['monday', 'tuesday', 'wednesday', 'thursday', 'friday'].map((day) => ({
        day,
        opens: '09:00',
        closes: '17:00',
      })),
    );
  });
  it('questionnaire titles by type, otherwise Tax Assessment (eligibility spec section 2)', () => {
    const t = site.config.questionnaireTitles;
    expect(surveyTitleFor('patent_box', t)).toBe('Patent Box');
    expect(surveyTitleFor('sdlt_refund', t)).toBe('SDLT Refund');
    expect(surveyTitleFor('rd_tax_credits', t)).toBe('R&D Tax Credits');
    expect(surveyTitleFor('cgt_assessment', t)).toBe('Capital Gains Tax');
    expect(surveyTitleFor('business_rates_appeals', t)).toBe('Tax Assessment');
    expect(surveyTitleFor('generic', t)).toBe('Tax Assessment');
  });
  it('every other questionnaire is titled by its definition, and the spec’s four agree with theirs (issue 11)', () => {
    const t = site.config.questionnaireTitles;
    const dir = new URL('../assessments/', import.meta.url);
    const seen: Record<string, string> = {};
    for (const type of readdirSync(dir, { withFileTypes: true }).filter((d) => d.isDirectory())) {
      for (const file of readdirSync(new URL(`${type.name}/`, dir)).filter((f) => /^v\d+\.json$/.test(f))) {
        const definition = JSON.parse(readFileSync(new URL(`${type.name}/${file}`, dir), 'utf8')) as {
          title: string;
        };
        const shown = surveyTitleFor(type.name, t, definition.title);
        expect(shown, `${type.name}/${file}`).toBe(definition.title);
        seen[type.name] = shown;
      }
    }
    expect(seen).toMatchObject({
      patent_box: 'Patent Box',
      sdlt_refund: 'SDLT Refund',
      rd_tax_credits: 'R&D Tax Credits',
      cgt_assessment: 'Capital Gains Tax',
      business_rates_appeals: 'Business Rates Appeal',
      capital_allowances: 'Capital Allowances',
    });
  });
});

describe('redirects (site spec section 2), each replacing the history entry', () => {
  const spec: [string, string][] = [
    ['stamp-duty-land-tax-refund', '/services/sdlt-refunds'],
    ['sdlt', '/services/sdlt-refunds'],
    ['capital', '/services/capital-allowances'],
    ['inheritance-tax', '/services/inheritance-tax-planning'],
    ['inheritance-tax-adjustments', '/services/inheritance-tax-planning'],
    ['iht', '/services/inheritance-tax-planning'],
    ['research-development-tax-credits', '/services/rd-tax-credits'],
    ['rd', '/services/rd-tax-credits'],
    ['patentbox', '/services/patent-box'],
    ['patent', '/services/patent-box'],
    ['cgt', '/services/capital-gains-tax'],
    ['eis', '/services/enterprise-investment-scheme'],
    ['seis', '/services/enterprise-investment-scheme'],
    ['eis-seis', '/services/enterprise-investment-scheme'],
    ...[
      'vat-reclaim',
      'vat',
      'loss-relief',
      'mileage-tax-relief',
      'mileage',
      'employment-allowance',
      'employment',
      'charitable-donations-tax-relief',
      'charitable',
      'pension-tax-relief',
      'pension',
    ].map((from): [string, string] => [from, '/services']),
  ];
  it.each(spec)('/services/%s → %s', (from, to) => {
    expect(resolveServiceRoute(site, `/services/${from}`)).toEqual({
      kind: 'redirect',
      path: `/services/${from}`,
      to,
      replace: true,
    });
  });
  it('every redirect lands on a page or the listing', () => {
    for (const r of site.redirects) {
      const target = resolveServiceRoute(site, r.to);
      expect([r.from, target.kind]).toEqual([r.from, r.to === '/services' ? 'listing' : 'page']);
    }
  });
  it('any other path is not found', () => {
    expect(resolveServiceRoute(site, '/services/not-a-service').kind).toBe('notFound');
  });
});

describe('service pages (site spec section 2)', () => {
  it.each([
    ['/services/sdlt-refunds', 'sdlt_refund'],
    ['/services/business-rates-appeals', 'business_rates_appeals'],
    ['/services/capital-allowances', 'capital_allowances'],
    ['/services/inheritance-tax-planning', 'inheritance_tax'],
    ['/services/rd-tax-credits', 'rd_tax_credits'],
    ['/services/patent-box', 'patent_box'],
    ['/services/capital-gains-tax', 'cgt_reclaim'],
    ['/services/capital-gains', 'cgt_reclaim'],
    ['/services/cgt-reclaims', 'cgt_reclaim'],
    ['/services/enterprise-investment-scheme', 'eis'],
  ])('%s shows the %s page', (path, typeCode) => {
    const r = resolveServiceRoute(site, path);
    expect(r.kind === 'page' && r.service.typeCode).toBe(typeCode);
    expect(r.kind === 'page' && r.placeholder).toBe(false);
  });
  it('capital gains tax is one page at three paths, canonical /services/capital-gains-tax', () => {
    for (const path of ['/services/capital-gains', '/services/cgt-reclaims']) {
      expect(resolveServiceRoute(site, path)).toMatchObject({
        kind: 'page',
        canonicalPath: '/services/capital-gains-tax',
      });
    }
  });
  it('/services/employee-share-schemes is a placeholder: under development, check back soon or contact us', () => {
    const r = resolveServiceRoute(site, '/services/employee-share-schemes');
    expect(r).toMatchObject({ kind: 'page', placeholder: true });
    const message = r.kind === 'page' ? (r.service.placeholder?.message ?? '') : '';
    expect(message).toMatch(/under development/);
    expect(message).toMatch(/check back soon/);
    expect(message).toMatch(/contact us/);
    expect(r.kind === 'page' && r.service.isActive).toBe(false);
  });
  it('/services is the listing', () => {
    expect(resolveServiceRoute(site, '/services').kind).toBe('listing');
  });
});

describe('catalogue routes and categories (site spec section 3)', () => {
  it.each([
    ['/services/sdlt-refunds', 'property-assets-refunds'],
    ['/services/capital-allowances', 'property-assets-refunds'],
    ['/services/cgt-reclaims', 'property-assets-refunds'],
    ['/services/business-rates-appeals', 'property-estate-savings'],
    ['/services/inheritance-tax-adjustments', 'property-estate-savings'],
    ['/services/rd-tax-credits', 'innovation-investments-relief'],
    ['/services/patent-box', 'innovation-investments-relief'],
    ['/services/enterprise-investment-scheme', 'innovation-investments-relief'],
  ])('%s is in %s', (route, category) => {
    const service = site.services.find((s) => s.route === route);
    expect(service?.category).toBe(category);
    expect(service?.isActive).toBe(true);
  });
  it.each(['loss-relief', 'charitable-donations-tax-relief', 'employment-allowance'])(
    '%s is legacy and inactive',
    (id) => {
      expect(findService(site, id)).toMatchObject({ category: 'legacy', isActive: false });
    },
  );
  it('the alternative catalogue aliases are routes of their services', () => {
    const aliases: [string, string][] = [
      ['/services/sdlt', 'sdlt-refunds'],
      ['/services/capital', 'capital-allowances'],
      ['/services/cgt', 'capital-gains-tax'],
      ['/services/businessrates', 'business-rates-appeals'],
      ['/services/rd', 'rd-tax-credits'],
      ['/services/patent-box-relief', 'patent-box'],
      ['/services/eis', 'enterprise-investment-scheme'],
      ['/services/charitable', 'charitable-donations-tax-relief'],
    ];
    for (const [alias, id] of aliases) {
      expect([alias, findService(site, id)?.alternativeRoutes.includes(alias)]).toEqual([alias, true]);
      // and the router takes each to that service's page (or, for an inactive one, the listing)
      const r = resolveServiceRoute(site, alias);
      const service = findService(site, id);
      expect([alias, r.kind === 'redirect' ? r.to : r.kind]).toEqual([
        alias,
        service?.pagePath ?? '/services',
      ]);
    }
  });
  it('every type code of the spec has a service in the category the spec gives it', () => {
    const types: [string, string][] = [
      ['rd_tax_credits', 'innovation-investments-relief'],
      ['patent_box', 'innovation-investments-relief'],
      ['eis', 'innovation-investments-relief'],
      ['capital_allowances', 'property-assets-refunds'],
      ['sdlt_refund', 'property-assets-refunds'],
      ['cgt_reclaim', 'property-assets-refunds'],
      ['business_rates_appeals', 'property-estate-savings'],
      ['inheritance_tax', 'property-estate-savings'],
      ['creative_industries', 'legacy'],
      ['furnished_holiday_lettings', 'legacy'],
      ['vat_reclaim', 'legacy'],
      ['loss_relief', 'legacy'],
    ];
    for (const [type, category] of types) {
      expect([type, categoryForType(site, type), findService(site, type)?.category]).toEqual([
        type,
        category,
        category,
      ]);
    }
  });
  it('assessed services name their assessment definition', () => {
    expect(
      Object.fromEntries(
        site.services.filter((s) => s.assessmentType !== null).map((s) => [s.typeCode, s.assessmentType]),
      ),
    ).toEqual({
      sdlt_refund: 'sdlt_refund',
      capital_allowances: 'capital_allowances',
      cgt_reclaim: 'cgt_assessment',
      business_rates_appeals: 'business_rates_appeals',
      inheritance_tax: 'inheritance_tax',
      rd_tax_credits: 'rd_tax_credits',
      patent_box: 'patent_box',
      eis: 'eis_relief',
    });
  });
});

describe('categories (site spec sections 1 and 3)', () => {
  it('three listed categories with the spec labels and their services, legacy unlisted', () => {
    expect(
      listedCategories(site).map(({ category, services: list }) => [
        category.id,
        category.label,
        category.anchor,
        list.map((s) => s.title),
      ]),
    ).toEqual([
      [
        'property-assets-refunds',
        'Property & Assets Tax Refunds',
        '#property-assets-refunds',
        ['SDLT Refunds', 'Capital Allowances Reclaims', 'Capital Gains Tax Reclaims'],
      ],
      [
        'property-estate-savings',
        'Property & Estate Tax Savings',
        '#property-estate-savings',
        ['Business Rates Appeals', 'Inheritance Tax Adjustments'],
      ],
      [
        'innovation-investments-relief',
        'Innovation & Investments Tax Relief',
        '#innovation-investments-relief',
        ['R&D Tax Credits', 'Patent Box Relief', 'Enterprise Investment Schemes (EIS)'],
      ],
    ]);
    expect(site.categories.categories.find((c) => c.id === 'legacy')?.listed).toBe(false);
  });
  it('old category names keep their labels and migrate', () => {
    expect(site.categories.oldNames).toEqual([
      { name: 'property_tax', label: 'Property Tax Services', migratesTo: 'property-assets-refunds' },
      { name: 'corporate_tax', label: 'Corporate Tax Services', migratesTo: 'innovation-investments-relief' },
      { name: 'personal_gains', label: 'Personal Gains', migratesTo: 'property-assets-refunds' },
    ]);
    expect(migrateCategory(site, 'property_tax')).toBe('property-assets-refunds');
    expect(migrateCategory(site, 'personal_gains')).toBe('property-assets-refunds');
    expect(migrateCategory(site, 'corporate_tax')).toBe('innovation-investments-relief');
  });
  it('listing by an old name gives the migrated category’s active services', () => {
    expect(activeServicesByCategory(site, 'corporate_tax').map((s) => s.id)).toEqual([
      'rd-tax-credits',
      'patent-box',
      'enterprise-investment-scheme',
    ]);
    expect(activeServicesByCategory(site, 'property_tax')).toEqual(
      activeServicesByCategory(site, 'property-assets-refunds'),
    );
  });
});

describe('inactive services', () => {
  const inactive = [
    'vat-reclaim',
    'loss-relief',
    'mileage-tax-relief',
    'employment-allowance',
    'charitable-donations-tax-relief',
    'pension-tax-relief',
    'creative-industries',
    'furnished-holiday-lettings',
    'employee-share-schemes',
  ];
  it('are marked inactive and hidden from every active list', () => {
    const active = site.categories.categories.flatMap((c) =>
      activeServicesByCategory(site, c.id).map((s) => s.id),
    );
    for (const id of inactive) {
      expect([id, findService(site, id)?.isActive]).toEqual([id, false]);
      expect(active).not.toContain(id);
    }
    expect(
      site.services
        .filter((s) => s.isActive)
        .map((s) => s.id)
        .sort(),
    ).toEqual(
      site.services
        .map((s) => s.id)
        .filter((id) => !inactive.includes(id))
        .sort(),
    );
  });
  it('their routes redirect to /services, except the placeholder page', () => {
    for (const service of site.services.filter((s) => !s.isActive && s.placeholder === undefined)) {
      for (const path of [service.route, ...service.alternativeRoutes]) {
        expect(resolveServiceRoute(site, path)).toMatchObject({ kind: 'redirect', to: '/services' });
      }
    }
  });
});

describe('service page content', () => {
  const active = site.services.filter((s) => s.isActive);
  const text = (id: string): string => JSON.stringify(findService(site, id)?.content ?? '');

  it('every active service has a summary, audience, steps, sourced key facts and FAQs', () => {
    for (const s of active) {
      expect(s.content?.summary.length ?? 0, s.id).toBeGreaterThan(80);
      expect(s.content?.howItWorks.length ?? 0, s.id).toBeGreaterThanOrEqual(3);
      expect(
        s.content?.keyFacts.every((f) => f.source.length > 0),
        s.id,
      ).toBe(true);
      expect(s.content?.faqs.length ?? 0, s.id).toBeGreaterThanOrEqual(3);
    }
  });
  it('uses the current UK figures (tax-parameters.md)', () => {
    expect(text('sdlt-refunds')).toContain(
      'abolished for transactions with an effective date on or after 1 June 2024',
    );
    expect(text('sdlt-refunds')).toContain('within 12 months of the filing date');
    expect(text('sdlt-refunds')).toContain('within 4 years of the effective date');
    expect(text('rd-tax-credits')).toContain('accounting periods beginning on or after 1 April 2024');
    expect(text('rd-tax-credits')).toContain('20%');
    expect(text('rd-tax-credits')).toContain('Enhanced R&D Intensive Support');
    expect(text('capital-allowances')).toContain('£1 million');
    expect(text('capital-allowances')).toContain('Full expensing');
    expect(text('patent-box')).toContain('effective rate of 10%');
    expect(text('business-rates-appeals')).toContain('2023 rating list');
    expect(text('business-rates-appeals')).toMatch(/Check.*Challenge.*Appeal/);
    expect(text('enterprise-investment-scheme')).toContain('30%');
    expect(text('inheritance-tax-planning')).toContain('£325,000');
    expect(text('inheritance-tax-planning')).toContain('£175,000');
    expect(text('capital-gains-tax')).toContain('£3,000 from the 2024-25 tax year');
    expect(text('capital-gains-tax')).toContain('18% on gains within the basic rate band and 24% above it');
  });
  it('carries no outdated figures', () => {
    const all = JSON.stringify(active.map((s) => s.content));
    // e.g. the old CGT rates 10%/20% and 28% as current rates, the old £12,300 AEA as current, 130% SME deduction
    expect(all).not.toMatch(/annual exempt amount is £(6,000|12,300)/);
    expect(all).not.toMatch(/130%/);
    expect(all).not.toMatch(/TODO|TBC|lorem/i);
  });
});
