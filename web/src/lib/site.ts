// Site configuration, categories, services and redirects from definitions/site (build time).
import {
  categories as allCategories,
  navServices,
  redirects as allRedirects,
  siteConfig,
} from 'virtual:reclaim-site';
import type { NavService, SiteCategory, SiteRedirect } from './site-types';

export interface SiteConfig {
  name: string;
  legalName: string;
  tagline: string;
  email: string;
  phone: string;
  address: { line: string; city: string; country: string; postcode: string };
  logo: string;
  logoDefault: string;
  logoAlt: string;
  social: { linkedin: string; twitter: string; facebook: string };
  companyNumber: string;
  registeredIn: string;
}

export const site: SiteConfig = {
  name: siteConfig.name,
  legalName: siteConfig.legalName,
  tagline: siteConfig.tagline,
  email: siteConfig.email,
  phone: siteConfig.phone,
  address: siteConfig.address,
  logo: siteConfig.logos.primary,
  logoDefault: siteConfig.logos.fallback,
  logoAlt: siteConfig.logos.alt,
  social: siteConfig.socials,
  companyNumber: siteConfig.company.companyNumber,
  registeredIn: siteConfig.company.registeredIn,
};

/** Business hours as the spec writes them (site spec section 9). */
export const BUSINESS_HOURS = 'Monday to Friday 09h00-17h00';

export const categories: SiteCategory[] = allCategories;
export const listedCategories: SiteCategory[] = allCategories.filter((c) => c.listed);
export const services: NavService[] = navServices;
export const redirects: SiteRedirect[] = allRedirects;
