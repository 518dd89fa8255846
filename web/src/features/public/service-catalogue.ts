// Menus and routing for the services catalogue (definitions/site). Mirrors the engine's
// resolveServiceRoute: a page path or a served-at path shows the page; a redirect of
// redirects.json replaces the history entry; anything else is not found.
import { listedCategories, redirects, services } from '../../lib/site';
import type { NavService, SiteCategory } from '../../lib/site-types';

export interface ServiceLink {
  id: string;
  path: string;
  title: string;
  summary: string;
  assessmentType: string | null;
  /** Where "Check your eligibility" leads, or null when the service has no assessment. */
  assessmentPath: string | null;
  category: string;
}

/**
 * /assessment/{assessmentType}. Services assessed with the generic questionnaire keep their own
 * type code in the path, so the assessment and its claim record which service they are for
 * (the API answers unknown types with the generic definition).
 */
export function assessmentPathFor(service: {
  assessmentType: string | null;
  typeCode: string;
}): string | null {
  if (service.assessmentType === null) return null;
  return `/assessment/${service.assessmentType === 'generic' ? service.typeCode : service.assessmentType}`;
}

export interface CategoryGroup {
  category: SiteCategory;
  pages: ServiceLink[];
}

function toLink(s: NavService): ServiceLink {
  return {
    id: s.id,
    path: s.pagePath ?? s.route,
    title: s.title,
    summary: s.description,
    assessmentType: s.assessmentType,
    assessmentPath: assessmentPathFor(s),
    category: s.category,
  };
}

const groups: CategoryGroup[] = listedCategories.map((category) => ({
  category,
  pages: services.filter((s) => s.isActive && s.pagePath !== null && s.category === category.id).map(toLink),
}));

/** The three listed categories in order, each with its active services. */
export function serviceGroups(): CategoryGroup[] {
  return groups;
}

export type ServiceResolution =
  | { kind: 'page'; serviceId: string; canonicalPath: string }
  | { kind: 'redirect'; to: string; replace: boolean }
  | { kind: 'not-found' };

export function normalisePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const withSlash = bare.startsWith('/') ? bare : `/${bare}`;
  const trimmed = withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
}

export function resolveServicePath(path: string): ServiceResolution {
  const normal = normalisePath(path);
  for (const s of services) {
    if (s.pagePath !== null && [s.pagePath, ...s.servedAt].includes(normal)) {
      return { kind: 'page', serviceId: s.id, canonicalPath: s.pagePath };
    }
  }
  const redirect = redirects.find((r) => r.from === normal);
  if (redirect) return { kind: 'redirect', to: redirect.to, replace: redirect.replace };
  return { kind: 'not-found' };
}
