import type { EntityManager } from '@mikro-orm/core';
import { loadSiteData } from '@reclaim/engine';
import type { AppConfig } from '../../config/config';
import { Service } from '../../modules/services/service.entity';
import type { SeedContext, SeedStep } from '../seed-step';
import { readDefinitionFiles } from './definitions-source';

interface ServiceJson {
  id?: unknown;
  title?: unknown;
  category?: unknown;
  route?: unknown;
  description?: unknown;
  alternativeRoutes?: unknown;
  isActive?: unknown;
  typeCode?: unknown;
  assessmentType?: unknown;
}

function servicesOf(site: Record<string, unknown>): ServiceJson[] {
  const file = site.services;
  if (Array.isArray(file)) return file as ServiceJson[];
  if (file && typeof file === 'object' && Array.isArray((file as { services?: unknown }).services)) {
    return (file as { services: ServiceJson[] }).services;
  }
  return [];
}

/** The services catalogue from definitions/site/services.json, kept in step on every start. */
export const servicesSeed: SeedStep = {
  name: 'services',
  async run(em: EntityManager, _config: AppConfig, ctx: SeedContext) {
    const site = readDefinitionFiles().site;
    if (site.services !== undefined) {
      // The engine checks the four site files together (schemas and cross-file rules).
      try {
        loadSiteData({
          config: site['site-config'],
          categories: site.categories,
          services: site.services,
          redirects: site.redirects,
        });
      } catch (err) {
        ctx.logger.error(
          `definitions/site is invalid; the services catalogue was not updated: ${err instanceof Error ? err.message : String(err)}`,
        );
        return;
      }
    }
    const entries = servicesOf(site);
    if (entries.length === 0) {
      ctx.logger.warn(
        'definitions/site/services.json not found or empty: the services catalogue is not seeded',
      );
      return;
    }
    const seen = new Set<string>();
    for (const [index, entry] of entries.entries()) {
      if (
        typeof entry.id !== 'string' ||
        typeof entry.title !== 'string' ||
        typeof entry.category !== 'string'
      )
        continue;
      seen.add(entry.id);
      const service = (await em.findOne(Service, { id: entry.id })) ?? new Service();
      service.id = entry.id;
      service.title = entry.title;
      service.category = entry.category;
      service.route = typeof entry.route === 'string' ? entry.route : '';
      service.description = typeof entry.description === 'string' ? entry.description : '';
      service.alternativeRoutes = Array.isArray(entry.alternativeRoutes)
        ? entry.alternativeRoutes.filter((r): r is string => typeof r === 'string')
        : [];
      service.isActive = entry.isActive !== false;
      service.typeCode = typeof entry.typeCode === 'string' ? entry.typeCode : null;
      service.assessmentType = typeof entry.assessmentType === 'string' ? entry.assessmentType : null;
      service.sortOrder = index;
      em.persist(service);
    }
    // Entries removed from the catalogue are hidden, not deleted (old links keep resolving).
    const stale = await em.find(Service, { id: { $nin: [...seen] }, isActive: true });
    for (const s of stale) s.isActive = false;
    await em.flush();
  },
};
