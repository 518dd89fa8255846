export { loadSiteData, type LoadSiteDataInput } from './load-site-data';
export {
  resolveServiceRoute,
  migrateCategory,
  activeServicesByCategory,
  listedCategories,
  categoryForType,
  findService,
  normaliseRoutePath,
  servicePagePaths,
  SERVICES_LISTING_PATH,
} from './routes';
export type * from './types';
