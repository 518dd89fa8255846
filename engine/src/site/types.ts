// Site data (definitions/site/*.json). The JSON Schemas in src/schemas/site-*.schema.json
// describe the same shapes.
import type { QuestionnaireTitles } from '../questionnaire/survey-title';

export type Weekday = 'monday' | 'tuesday' | 'wednesday' | 'thursday' | 'friday' | 'saturday' | 'sunday';

export interface SiteConfig {
  $schema?: string;
  name: string;
  legalName: string;
  tagline: string;
  logos: { primary: string; fallback: string; alt: string };
  socials: { linkedin: string; twitter: string; facebook: string };
  address: { line: string; city: string; country: string; postcode: string };
  email: string;
  phone: string;
  /** As shown to visitors: "Monday to Friday 09:00-17:00". */
  businessHours: string;
  openingHours: { day: Weekday; opens: string; closes: string }[];
  company: { companyNumber: string; registeredIn: string; registeredOffice: string; note: string };
  questionnaireTitles: QuestionnaireTitles;
}

export interface Category {
  id: string;
  label: string;
  /** Shown on /services and in the Services menu; false for `legacy`. */
  listed: boolean;
  anchor?: string;
  description: string;
}

export interface SiteCategories {
  $schema?: string;
  categories: Category[];
  oldNames: { name: string; label: string; migratesTo: string }[];
  /** Service type code → category id. */
  typeCategories: Record<string, string>;
}

export interface ServiceContent {
  summary: string;
  whoItIsFor: string[];
  howItWorks: { title: string; description: string }[];
  keyFacts: { text: string; source: string }[];
  faqs: { question: string; answer: string }[];
}

export interface Service {
  id: string;
  title: string;
  category: string;
  /** The catalogue route (site spec section 3). */
  route: string;
  /** The page that shows the service (site spec section 2), or null when there is none. */
  pagePath: string | null;
  /** Other paths that show the same page without a redirect. */
  servedAt?: string[];
  description: string;
  alternativeRoutes: string[];
  isActive: boolean;
  typeCode: string;
  assessmentType: string | null;
  placeholder?: { heading: string; message: string };
  content?: ServiceContent;
}

export interface SiteServices {
  $schema?: string;
  services: Service[];
}

export interface Redirect {
  from: string;
  to: string;
  replace: boolean;
  reason: 'site spec redirect' | 'inactive service' | 'catalogue alias' | 'navigation link';
}

export interface SiteRedirects {
  $schema?: string;
  redirects: Redirect[];
}

/** The four files, validated and cross-checked by loadSiteData. */
export interface SiteData {
  config: SiteConfig;
  categories: SiteCategories;
  services: Service[];
  redirects: Redirect[];
}

export type RouteResolution =
  | { kind: 'listing'; path: '/services' }
  | { kind: 'page'; path: string; canonicalPath: string; service: Service; placeholder: boolean }
  | { kind: 'redirect'; path: string; to: string; replace: boolean }
  | { kind: 'notFound'; path: string };
