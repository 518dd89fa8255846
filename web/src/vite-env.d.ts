/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address of the API; empty means same origin (D1). */
  readonly VITE_API_URL?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}

declare module 'virtual:reclaim-site' {
  import type { SiteCategory, SiteConfigData, NavService, SiteRedirect } from './lib/site-types';
  export const siteConfig: SiteConfigData;
  export const categories: SiteCategory[];
  export const navServices: NavService[];
  export const redirects: SiteRedirect[];
}
