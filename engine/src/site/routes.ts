// Service routes: which page a path shows, where it redirects, or that it is not found.
import type { Category, RouteResolution, Service, SiteData } from './types';

export const SERVICES_LISTING_PATH = '/services';

/** "/Services/SDLT/?x=1#top" → "/services/sdlt" (the router matches case-insensitively). */
export function normaliseRoutePath(path: string): string {
  const bare = path.split(/[?#]/, 1)[0] ?? '';
  const withSlash = bare.startsWith('/') ? bare : `/${bare}`;
  const trimmed = withSlash.length > 1 ? withSlash.replace(/\/+$/, '') : withSlash;
  return (trimmed === '' ? '/' : trimmed).toLowerCase();
}

/** Paths that show the service's page: its page path and the paths it is also served at. */
export function servicePagePaths(service: Service): string[] {
  return service.pagePath === null ? [] : [service.pagePath, ...(service.servedAt ?? [])];
}

export function resolveServiceRoute(
  site: Pick<SiteData, 'services' | 'redirects'>,
  path: string,
): RouteResolution {
  const normal = normaliseRoutePath(path);
  if (normal === SERVICES_LISTING_PATH) return { kind: 'listing', path: SERVICES_LISTING_PATH };
  for (const service of site.services) {
    if (service.pagePath !== null && servicePagePaths(service).includes(normal)) {
      return {
        kind: 'page',
        path: normal,
        canonicalPath: service.pagePath,
        service,
        placeholder: service.placeholder !== undefined,
      };
    }
  }
  const redirect = site.redirects.find((r) => r.from === normal);
  if (redirect !== undefined)
    return { kind: 'redirect', path: normal, to: redirect.to, replace: redirect.replace };
  return { kind: 'notFound', path: normal };
}

/** A category id for a current id or an older name (property_tax → property-assets-refunds), or null. */
export function migrateCategory(site: Pick<SiteData, 'categories'>, name: string): string | null {
  if (site.categories.categories.some((c) => c.id === name)) return name;
  return site.categories.oldNames.find((o) => o.name === name)?.migratesTo ?? null;
}

/** The active services of a category (older names accepted), in catalogue order. */
export function activeServicesByCategory(
  site: Pick<SiteData, 'categories' | 'services'>,
  category: string,
): Service[] {
  const id = migrateCategory(site, category);
  if (id === null) return [];
  return site.services.filter((s) => s.isActive && s.category === id);
}

/** The categories shown on /services and in the Services menu, each with its active services. */
export function listedCategories(
  site: Pick<SiteData, 'categories' | 'services'>,
): { category: Category; services: Service[] }[] {
  return site.categories.categories
    .filter((c) => c.listed)
    .map((category) => ({ category, services: activeServicesByCategory(site, category.id) }));
}

/** The category of a service type code (site spec section 3), or null. */
export function categoryForType(site: Pick<SiteData, 'categories'>, typeCode: string): string | null {
  const map = site.categories.typeCategories;
  return Object.prototype.hasOwnProperty.call(map, typeCode) ? (map[typeCode] ?? null) : null;
}

/** The service with this id or service type code, or undefined. */
export function findService(site: Pick<SiteData, 'services'>, key: string): Service | undefined {
  return site.services.find((s) => s.id === key || s.typeCode === key);
}
