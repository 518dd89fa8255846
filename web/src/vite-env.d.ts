/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Base address of the API; empty means same origin (D1). */
  readonly VITE_API_URL?: string;
}
interface ImportMeta {
  readonly env: ImportMetaEnv;
}

// Shapes of definitions/site/*.json (engine/src/site/types.ts is the reference; the engine
// validates the files with its JSON Schemas). Built by site-data-plugin.ts.
declare module 'virtual:reclaim-site' {
  export interface SiteConfigData {
    name: string;
    legalName: string;
    tagline: string;
    logos: { primary: string; fallback: string; alt: string };
    socials: { linkedin: string; twitter: string; facebook: string };
    address: { line: string; city: string; country: string; postcode: string };
    email: string;
    phone: string;
    businessHours: string;
    company: { companyNumber: string; registeredIn: string; registeredOffice: string };
  }

  export interface SiteCategory {
    id: string;
    label: string;
    listed: boolean;
    anchor?: string;
    description: string;
  }

  /** The slim service record the menus and the router need. */
  export interface NavService {
    id: string;
    title: string;
    category: string;
    route: string;
    pagePath: string | null;
    servedAt: string[];
    description: string;
    alternativeRoutes: string[];
    isActive: boolean;
    typeCode: string;
    assessmentType: string | null;
  }

  export interface ServiceContent {
    summary: string;
    whoItIsFor: string[];
    howItWorks: { title: string; description: string }[];
    keyFacts: { text: string; source: string }[];
    faqs: { question: string; answer: string }[];
  }

  export interface FullService extends NavService {
    placeholder?: { heading: string; message: string };
    content?: ServiceContent;
  }

  export interface SiteRedirect {
    from: string;
    to: string;
    replace: boolean;
    reason: string;
  }

  export const siteConfig: SiteConfigData;
  export const categories: SiteCategory[];
  export const navServices: NavService[];
  export const redirects: SiteRedirect[];
}
