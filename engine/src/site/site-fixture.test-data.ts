// A small, valid site for the unit tests (the real data is tested in definitions/test/site-*.test.ts).
import type { SiteCategories, SiteConfig, SiteRedirects, SiteServices } from './types';

export function fixture(): {
  config: SiteConfig;
  categories: SiteCategories;
  services: SiteServices;
  redirects: SiteRedirects;
} {
  const content = {
    summary: 'Summary',
    whoItIsFor: ['Buyers'],
    howItWorks: [{ title: 'Check', description: 'Answer questions' }],
    keyFacts: [{ text: 'A fact', source: 'gov.uk' }],
    faqs: [{ question: 'Q?', answer: 'A.' }],
  };
  return {
    config: {
      name: 'Reclaim',
      legalName: 'Reclaim Tax Advisory Ltd',
      tagline: 'Tagline',
      logos: { primary: '/logo.svg', fallback: '/logo-default.svg', alt: 'Reclaim' },
      socials: {
        linkedin: 'https://linkedin.example/x',
        twitter: 'https://twitter.example/x',
        facebook: 'https://facebook.example/x',
      },
      address: { line: '1 Street', city: 'London', country: 'United Kingdom', postcode: 'EC4N 7BP' },
      email: 'hello@example.co.uk',
      phone: '020 7946 0321',
      businessHours: 'Monday to Friday 09:00-17:00',
      openingHours: [{ day: 'monday', opens: '09:00', closes: '17:00' }],
      company: {
        companyNumber: '12345678',
        registeredIn: 'England and Wales',
        registeredOffice: '1 Street',
        note: 'Firm configuration',
      },
      questionnaireTitles: { byType: { sdlt_refund: 'SDLT Refund' }, otherwise: 'Tax Assessment' },
    },
    categories: {
      categories: [
        {
          id: 'property-assets-refunds',
          label: 'Property & Assets Tax Refunds',
          listed: true,
          anchor: '#property-assets-refunds',
          description: 'd',
        },
        { id: 'legacy', label: 'Legacy services', listed: false, description: 'd' },
      ],
      oldNames: [
        { name: 'property_tax', label: 'Property Tax Services', migratesTo: 'property-assets-refunds' },
      ],
      typeCategories: { sdlt_refund: 'property-assets-refunds', vat_reclaim: 'legacy' },
    },
    services: {
      services: [
        {
          id: 'sdlt-refunds',
          title: 'SDLT Refunds',
          category: 'property-assets-refunds',
          route: '/services/sdlt-refunds',
          pagePath: '/services/sdlt-refunds',
          servedAt: ['/services/stamp-duty'],
          description: 'd',
          alternativeRoutes: ['/services/sdlt'],
          isActive: true,
          typeCode: 'sdlt_refund',
          assessmentType: 'sdlt_refund',
          content,
        },
        {
          id: 'vat-reclaim',
          title: 'VAT Reclaims',
          category: 'legacy',
          route: '/services/vat-reclaim',
          pagePath: null,
          description: 'd',
          alternativeRoutes: [],
          isActive: false,
          typeCode: 'vat_reclaim',
          assessmentType: null,
        },
      ],
    },
    redirects: {
      redirects: [
        { from: '/services/sdlt', to: '/services/sdlt-refunds', replace: true, reason: 'site spec redirect' },
        { from: '/services/vat-reclaim', to: '/services', replace: true, reason: 'site spec redirect' },
      ],
    },
  };
}
