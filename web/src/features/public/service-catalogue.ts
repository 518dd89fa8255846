// Joins the services catalogue (definitions/site/services.json) with the site's page routes.
// Page routes follow site spec section 2; catalogue routes and alternative routes that are not
// page routes redirect to the page of their service.
import { activeServices, categories, redirects, services, type Category, type Service } from '../../lib/site';
import { SERVICE_CONTENT, type ServiceContent } from './content/services';

export interface ServicePageData {
  slug: string;
  title: string;
  category: string;
  description: string;
  summary: string;
  whoFor: string[];
  howItWorks: string[];
  keyFacts: { label: string; value: string }[];
  faqs: { question: string; answer: string }[];
  assessmentType: string | null;
  sources: { title: string; url: string }[];
}

export type ServiceResolution =
  | { kind: 'page'; page: ServicePageData }
  | { kind: 'redirect'; to: string }
  | { kind: 'not-found' };

const CATEGORY_ORDER = ['property-assets-refunds', 'property-estate-savings', 'innovation-investments-relief'];
const CATEGORY_LABELS: Record<string, string> = {
  'property-assets-refunds': 'Property & Assets Tax Refunds',
  'property-estate-savings': 'Property & Estate Tax Savings',
  'innovation-investments-relief': 'Innovation & Investments Tax Relief',
};

function slugOf(path: string): string {
  return path.replace(/^\/?services\//, '').replace(/^\//, '').replace(/\/+$/, '');
}

function catalogueEntryFor(content: ServiceContent): Service | undefined {
  const candidates = new Set([content.slug, ...content.servedAt, ...content.catalogueSlugs]);
  return services.find(
    (s) =>
      (s.typeCode !== undefined && s.typeCode === content.typeCode) ||
      candidates.has(slugOf(s.route)) ||
      s.id === content.slug,
  );
}

function toPage(content: ServiceContent): ServicePageData {
  const entry = catalogueEntryFor(content);
  const assessmentType = entry
    ? entry.assessable
      ? (entry.assessmentType ?? null)
      : entry.assessmentType === undefined
        ? content.assessmentType
        : null
    : content.assessmentType;
  return {
    slug: content.slug,
    title: entry?.title ?? content.title,
    category: entry?.category ?? content.category,
    description: entry?.description || content.description,
    summary: entry?.summary ?? content.summary,
    whoFor: entry && entry.whoFor.length > 0 ? entry.whoFor : content.whoFor,
    howItWorks: entry && entry.howItWorks.length > 0 ? entry.howItWorks : content.howItWorks,
    keyFacts: entry && entry.keyFacts.length > 0 ? entry.keyFacts : content.keyFacts,
    faqs: entry && entry.faqs.length > 0 ? entry.faqs : content.faqs,
    assessmentType,
    sources: content.sources,
  };
}

export const servicePages: ServicePageData[] = SERVICE_CONTENT.map(toPage);

const pageBySlug = new Map<string, ServicePageData>();
for (const content of SERVICE_CONTENT) {
  const pageData = servicePages.find((p) => p.slug === content.slug);
  if (!pageData) continue;
  pageBySlug.set(content.slug, pageData);
  for (const alias of content.servedAt) pageBySlug.set(alias, pageData);
}

/** Redirects of redirects.json plus the spec's own list, keyed by slug under /services/. */
const redirectMap = new Map<string, string>();
function addRedirect(from: string, to: string): void {
  const fromSlug = slugOf(from);
  const target = to.startsWith('/') ? to : to === '' ? '/services' : `/services/${to}`;
  if (fromSlug && !redirectMap.has(fromSlug)) redirectMap.set(fromSlug, target);
}
for (const r of redirects) addRedirect(r.from, r.to);
for (const content of SERVICE_CONTENT) {
  for (const alias of content.redirectFrom) addRedirect(alias, `/services/${content.slug}`);
}
for (const slug of INACTIVE_SLUGS()) addRedirect(slug, '/services');

function INACTIVE_SLUGS(): string[] {
  const fromCatalogue = services.filter((s) => !s.isActive).flatMap((s) => [s.route, ...s.alternativeRoutes].map(slugOf));
  const spec = [
    'vat-reclaim', 'vat', 'loss-relief', 'mileage-tax-relief', 'mileage', 'employment-allowance', 'employment',
    'charitable-donations-tax-relief', 'charitable', 'pension-tax-relief', 'pension',
  ];
  return [...spec, ...fromCatalogue];
}

export function resolveServicePath(slugInput: string): ServiceResolution {
  const slug = slugOf(slugInput).toLowerCase();
  const pageData = pageBySlug.get(slug);
  if (pageData) return { kind: 'page', page: pageData };
  const redirect = redirectMap.get(slug);
  if (redirect) return { kind: 'redirect', to: redirect };
  // Catalogue routes and alternative routes of an active service lead to its page.
  for (const content of SERVICE_CONTENT) {
    const entry = catalogueEntryFor(content);
    const routes = entry ? [entry.route, ...entry.alternativeRoutes].map(slugOf) : [];
    if (routes.includes(slug)) return { kind: 'redirect', to: `/services/${content.slug}` };
  }
  return { kind: 'not-found' };
}

export interface CategoryGroup {
  category: Category;
  pages: ServicePageData[];
}

/** The three categories in order, each with its active services (for the mega-menu and listing). */
export function serviceGroups(): CategoryGroup[] {
  return CATEGORY_ORDER.map((id) => {
    const category = categories.find((c) => c.id === id) ?? { id, label: CATEGORY_LABELS[id] ?? id };
    const pages = servicePages.filter((p) => {
      if (p.category !== id) return false;
      const content = SERVICE_CONTENT.find((c) => c.slug === p.slug);
      const entry = content ? catalogueEntryFor(content) : undefined;
      return entry ? entry.isActive : true;
    });
    return { category, pages };
  });
}

export { activeServices };
