// Validates the site data files (schemas, then the cross-file rules a schema cannot state) and
// returns them typed. Uses the generated standalone validators: no Ajv compile at run time.
import {
  validateSiteCategories,
  validateSiteConfig,
  validateSiteRedirects,
  validateSiteServices,
  type StandaloneValidator,
} from '../generated/validators';
import { ajvIssues } from '../definitions/ajv-issues';
import { DefinitionError, type DefinitionIssue } from '../definitions/definition-error';
import { SERVICES_LISTING_PATH, servicePagePaths } from './routes';
import type { SiteCategories, SiteConfig, SiteData, SiteRedirects, SiteServices } from './types';

export interface LoadSiteDataInput {
  config: unknown;
  categories: unknown;
  services: unknown;
  redirects: unknown;
}

function check(
  file: string,
  validate: StandaloneValidator,
  data: unknown,
  issues: DefinitionIssue[],
): boolean {
  if (validate(data)) return true;
  for (const issue of ajvIssues(validate.errors))
    issues.push({ path: `${file}${issue.path}`, message: issue.message });
  return false;
}

function crossCheck(
  config: SiteConfig,
  categories: SiteCategories,
  services: SiteServices,
  redirects: SiteRedirects,
): DefinitionIssue[] {
  const issues: DefinitionIssue[] = [];
  const add = (path: string, message: string): void => {
    issues.push({ path, message });
  };
  const categoryIds = new Set(categories.categories.map((c) => c.id));

  categories.categories.forEach((c, i) => {
    if (categories.categories.findIndex((o) => o.id === c.id) !== i)
      add(`categories.json/categories/${i}/id`, `duplicate category "${c.id}"`);
  });
  categories.oldNames.forEach((o, i) => {
    if (categoryIds.has(o.name))
      add(`categories.json/oldNames/${i}/name`, `"${o.name}" is a current category, not an old name`);
    if (!categoryIds.has(o.migratesTo))
      add(`categories.json/oldNames/${i}/migratesTo`, `unknown category "${o.migratesTo}"`);
  });
  for (const [type, category] of Object.entries(categories.typeCategories)) {
    if (!categoryIds.has(category))
      add(`categories.json/typeCategories/${type}`, `unknown category "${category}"`);
  }

  // Every path belongs to one service; pages and redirects never overlap.
  const owner = new Map<string, string>();
  const claim = (path: string, serviceId: string, at: string): void => {
    const other = owner.get(path);
    if (other !== undefined && other !== serviceId) add(at, `path ${path} is also a route of "${other}"`);
    owner.set(path, serviceId);
  };
  const pages = new Map<string, string>();
  services.services.forEach((s, i) => {
    const at = `services.json/services/${i}`;
    if (services.services.findIndex((o) => o.id === s.id) !== i)
      add(`${at}/id`, `duplicate service "${s.id}"`);
    if (services.services.findIndex((o) => o.typeCode === s.typeCode) !== i)
      add(`${at}/typeCode`, `duplicate type code "${s.typeCode}"`);
    if (!categoryIds.has(s.category))
      add(`${at}/category`, `unknown category "${s.category}" (use a current id, not an old name)`);
    const typeCategory = categories.typeCategories[s.typeCode];
    if (typeCategory !== undefined && typeCategory !== s.category) {
      add(`${at}/category`, `type ${s.typeCode} belongs to "${typeCategory}", not "${s.category}"`);
    }
    if (s.pagePath === null && s.servedAt !== undefined && s.servedAt.length > 0)
      add(`${at}/servedAt`, 'a service without a page cannot be served elsewhere');
    for (const p of servicePagePaths(s)) pages.set(p, s.id);
    [s.route, ...servicePagePaths(s), ...s.alternativeRoutes].forEach((p) => claim(p, s.id, `${at}/route`));
  });

  const redirectFrom = new Map<string, string>();
  redirects.redirects.forEach((r, i) => {
    const at = `redirects.json/redirects/${i}`;
    if (redirectFrom.has(r.from)) add(`${at}/from`, `duplicate redirect from ${r.from}`);
    redirectFrom.set(r.from, r.to);
    if (pages.has(r.from))
      add(`${at}/from`, `${r.from} is a page of "${pages.get(r.from) ?? ''}" and cannot redirect`);
    if (r.from === SERVICES_LISTING_PATH)
      add(`${at}/from`, `${SERVICES_LISTING_PATH} is the services listing`);
    // No chains: a redirect lands on the listing or on a page.
    if (r.to !== SERVICES_LISTING_PATH && !pages.has(r.to))
      add(`${at}/to`, `${r.to} is not a service page or ${SERVICES_LISTING_PATH}`);
  });

  // Every route a service lists reaches it: its page (served or redirected), or, for a service
  // without a page, the listing.
  services.services.forEach((s, i) => {
    const at = `services.json/services/${i}`;
    [s.route, ...s.alternativeRoutes].forEach((p, k) => {
      const where = k === 0 ? `${at}/route` : `${at}/alternativeRoutes/${k - 1}`;
      const target = pages.has(p) ? p : redirectFrom.get(p);
      const expected = s.pagePath ?? SERVICES_LISTING_PATH;
      if (target === undefined) add(where, `${p} neither shows a page nor redirects`);
      else if (pages.has(target) ? pages.get(target) !== s.id : expected !== SERVICES_LISTING_PATH) {
        add(where, `${p} leads to ${target}, not to this service`);
      }
    });
  });

  for (const type of Object.keys(config.questionnaireTitles.byType)) {
    if (!/^[a-z][a-z0-9_]*$/.test(type))
      add(`site-config.json/questionnaireTitles/byType/${type}`, 'not a type code');
  }
  return issues;
}

export function loadSiteData(input: LoadSiteDataInput): SiteData {
  const issues: DefinitionIssue[] = [];
  const ok = [
    check('site-config.json', validateSiteConfig, input.config, issues),
    check('categories.json', validateSiteCategories, input.categories, issues),
    check('services.json', validateSiteServices, input.services, issues),
    check('redirects.json', validateSiteRedirects, input.redirects, issues),
  ].every(Boolean);
  if (!ok) throw new DefinitionError('Site data', issues);

  // The validators have accepted the shapes above.
  const config = input.config as SiteConfig;
  const categories = input.categories as SiteCategories;
  const services = input.services as SiteServices;
  const redirects = input.redirects as SiteRedirects;
  const crossIssues = crossCheck(config, categories, services, redirects);
  if (crossIssues.length > 0) throw new DefinitionError('Site data', crossIssues);
  return { config, categories, services: services.services, redirects: redirects.redirects };
}
