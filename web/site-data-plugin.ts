// Build-time site data: `virtual:reclaim-site` holds what every page needs (configuration,
// categories, redirects and a slim list of services for menus and routing) so the first page
// does not carry the full catalogue. Service pages import the full services.json lazily.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';

export const siteDir = fileURLToPath(new URL('../definitions/site', import.meta.url));
const VIRTUAL_ID = 'virtual:reclaim-site';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

function readJson(name: string): Record<string, unknown> {
  return JSON.parse(readFileSync(`${siteDir}/${name}`, 'utf8')) as Record<string, unknown>;
}

export function siteDataPlugin(): Plugin {
  const files = ['site-config.json', 'categories.json', 'services.json', 'redirects.json'];
  return {
    name: 'reclaim-site-data',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    load(id) {
      if (id !== RESOLVED_ID) return undefined;
      for (const file of files) this.addWatchFile(`${siteDir}/${file}`);
      const config = readJson('site-config.json');
      delete config.$schema;
      delete config.questionnaireTitles;
      const categories = (readJson('categories.json').categories as Record<string, unknown>[]) ?? [];
      const services = ((readJson('services.json').services as Record<string, unknown>[]) ?? []).map((s) => ({
        id: s.id,
        title: s.title,
        category: s.category,
        route: s.route,
        pagePath: s.pagePath ?? null,
        servedAt: s.servedAt ?? [],
        description: s.description,
        alternativeRoutes: s.alternativeRoutes ?? [],
        isActive: s.isActive,
        typeCode: s.typeCode,
        assessmentType: s.assessmentType ?? null,
      }));
      const redirects = (readJson('redirects.json').redirects as Record<string, unknown>[]) ?? [];
      return [
        `export const siteConfig = ${JSON.stringify(config)};`,
        `export const categories = ${JSON.stringify(categories)};`,
        `export const navServices = ${JSON.stringify(services)};`,
        `export const redirects = ${JSON.stringify(redirects)};`,
      ].join('\n');
    },
  };
}
