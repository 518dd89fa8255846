// Types of the site data; declared with the virtual module in ../vite-env.d.ts.
export type {
  FullService,
  NavService,
  ServiceContent,
  SiteCategory,
  SiteConfigData,
  SiteRedirect,
} from 'virtual:reclaim-site';
