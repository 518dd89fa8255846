// Site configuration, categories, services catalogue and redirects from definitions/site/*.json,
// read at build time. The files are checked here so a shape change shows up as missing data
// (and a logged warning), never as a crash.
import { logger } from './logger';

const files = import.meta.glob<unknown>('@site/*.json', { eager: true, import: 'default' });

function file(name: string): unknown {
  const entry = Object.entries(files).find(([path]) => path.endsWith(`/${name}`));
  if (!entry) logger.warn(`Site definition ${name} is missing`);
  return entry?.[1];
}

type Dict = Record<string, unknown>;
const isDict = (v: unknown): v is Dict => v !== null && typeof v === 'object' && !Array.isArray(v);
const str = (v: unknown): string | undefined => (typeof v === 'string' && v.trim() !== '' ? v : undefined);
const strList = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
function pick(obj: Dict | undefined, ...keys: string[]): unknown {
  if (!obj) return undefined;
  for (const key of keys) if (obj[key] !== undefined) return obj[key];
  return undefined;
}
/** Arrays, or objects keyed by id, or { <key>: [...] } wrappers. */
function listOf(value: unknown, wrapperKey: string): Dict[] {
  if (Array.isArray(value)) return value.filter(isDict);
  if (isDict(value)) {
    const inner = value[wrapperKey];
    if (inner !== undefined) return listOf(inner, wrapperKey);
    return Object.entries(value)
      .filter(([key, v]) => isDict(v) && !key.startsWith('$'))
      .map(([id, v]) => ({ id, ...(v as Dict) }));
  }
  return [];
}

export interface SiteAddress {
  line: string;
  city: string;
  country: string;
  postcode: string;
}
export interface SiteConfig {
  name: string;
  legalName: string;
  tagline: string;
  email: string;
  phone?: string | undefined;
  address: SiteAddress;
  logo: string;
  logoDefault: string;
  social: { linkedin?: string | undefined; twitter?: string | undefined; facebook?: string | undefined };
  companyNumber?: string | undefined;
}

export interface Category {
  id: string;
  label: string;
  description?: string | undefined;
}

export interface Faq {
  question: string;
  answer: string;
}
export interface KeyFact {
  label: string;
  value: string;
}
export interface Service {
  id: string;
  title: string;
  category: string;
  route: string;
  description: string;
  alternativeRoutes: string[];
  isActive: boolean;
  typeCode?: string | undefined;
  assessmentType?: string | undefined;
  assessable: boolean;
  summary?: string | undefined;
  whoFor: string[];
  howItWorks: string[];
  keyFacts: KeyFact[];
  faqs: Faq[];
}

export interface Redirect {
  from: string;
  to: string;
}

const DEFAULT_TAGLINE = 'Expert tax reclamation services for individuals and businesses across the UK.';

function parseSite(raw: unknown): SiteConfig {
  const root = isDict(raw) ? raw : {};
  const contact = isDict(root.contact) ? root.contact : {};
  const addressRaw = pick(contact, 'address') ?? pick(root, 'address');
  const address = isDict(addressRaw) ? addressRaw : {};
  const logos = pick(root, 'logo', 'logos');
  const logoDict = isDict(logos) ? logos : {};
  const socialRaw = pick(root, 'social', 'socialLinks', 'social_links');
  const social = isDict(socialRaw) ? socialRaw : {};
  const company = isDict(root.company) ? root.company : {};
  return {
    name: str(root.name) ?? 'Reclaim',
    legalName: str(pick(root, 'legalName', 'legal_name')) ?? str(root.name) ?? 'Reclaim',
    tagline: str(root.tagline) ?? DEFAULT_TAGLINE,
    email: str(pick(contact, 'email')) ?? str(root.email) ?? '',
    phone: str(pick(contact, 'phone', 'telephone')) ?? str(root.phone),
    address: {
      line: str(pick(address, 'line', 'line1', 'addressLine', 'street')) ?? '',
      city: str(pick(address, 'city', 'town')) ?? '',
      country: str(pick(address, 'country')) ?? '',
      postcode: str(pick(address, 'postcode', 'postCode', 'postalCode')) ?? '',
    },
    logo: str(logos) ?? str(pick(logoDict, 'src', 'main', 'primary', 'url')) ?? '/logo.svg',
    logoDefault: str(pick(logoDict, 'default', 'fallback')) ?? '/logo-default.svg',
    social: {
      linkedin: str(pick(social, 'linkedin', 'linkedIn', 'LinkedIn')),
      twitter: str(pick(social, 'twitter', 'Twitter', 'x')),
      facebook: str(pick(social, 'facebook', 'Facebook')),
    },
    companyNumber: str(pick(company, 'number', 'companyNumber', 'registrationNumber')),
  };
}

function parseCategories(raw: unknown): Category[] {
  return listOf(raw, 'categories').flatMap((c) => {
    const id = str(c.id);
    const label = str(pick(c, 'label', 'title', 'name'));
    if (!id || !label) return [];
    return [{ id, label, description: str(c.description) }];
  });
}

function parseFaqs(value: unknown): Faq[] {
  return (Array.isArray(value) ? value : []).flatMap((f: unknown) => {
    if (!isDict(f)) return [];
    const question = str(pick(f, 'question', 'q'));
    const answer = str(pick(f, 'answer', 'a'));
    return question && answer ? [{ question, answer }] : [];
  });
}

function parseKeyFacts(value: unknown): KeyFact[] {
  if (isDict(value)) {
    return Object.entries(value).flatMap(([label, v]) => (typeof v === 'string' ? [{ label, value: v }] : []));
  }
  return (Array.isArray(value) ? value : []).flatMap((f: unknown) => {
    if (typeof f === 'string') return [{ label: '', value: f }];
    if (!isDict(f)) return [];
    const label = str(pick(f, 'label', 'title', 'name')) ?? '';
    const v = str(pick(f, 'value', 'text', 'detail', 'description'));
    return v ? [{ label, value: v }] : [];
  });
}

function textList(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  return (Array.isArray(value) ? value : []).flatMap((item: unknown) => {
    if (typeof item === 'string') return [item];
    if (isDict(item)) {
      const title = str(pick(item, 'title', 'step', 'label'));
      const text = str(pick(item, 'description', 'text', 'detail'));
      if (title && text) return [`${title}: ${text}`];
      return title ? [title] : text ? [text] : [];
    }
    return [];
  });
}

function parseServices(raw: unknown): Service[] {
  return listOf(raw, 'services').flatMap((s) => {
    const id = str(s.id);
    const title = str(pick(s, 'title', 'name'));
    const route = str(s.route);
    if (!id || !title || !route) return [];
    const assessmentType = str(pick(s, 'assessmentType', 'assessment_type'));
    const assessableRaw = pick(s, 'assessable', 'hasAssessment');
    const content = isDict(s.content) ? s.content : s;
    return [
      {
        id,
        title,
        category: str(s.category) ?? 'legacy',
        route: route.startsWith('/') ? route : `/services/${route}`,
        description: str(s.description) ?? '',
        alternativeRoutes: strList(pick(s, 'alternativeRoutes', 'alternative_routes')),
        isActive: s.isActive !== false && s.is_active !== false,
        typeCode: str(pick(s, 'typeCode', 'type_code', 'serviceType')),
        assessmentType,
        assessable: typeof assessableRaw === 'boolean' ? assessableRaw && !!assessmentType : !!assessmentType,
        summary: str(pick(content, 'summary', 'shortDescription', 'tagline')),
        whoFor: textList(pick(content, 'whoFor', 'whoItIsFor', 'who_for', 'audience', 'eligibility')),
        howItWorks: textList(pick(content, 'howItWorks', 'how_it_works', 'process', 'steps')),
        keyFacts: parseKeyFacts(pick(content, 'keyFacts', 'key_facts', 'facts')),
        faqs: parseFaqs(pick(content, 'faqs', 'faq', 'FAQs')),
      },
    ];
  });
}

function parseRedirects(raw: unknown): Redirect[] {
  if (isDict(raw) && !Array.isArray(raw.redirects) && !Array.isArray(raw.rules)) {
    const entries = Object.entries(raw).filter(([k, v]) => !k.startsWith('$') && typeof v === 'string');
    if (entries.length > 0) return entries.map(([from, to]) => ({ from, to: to as string }));
  }
  const list = Array.isArray(raw) ? raw : isDict(raw) ? (raw.redirects ?? raw.rules) : [];
  return (Array.isArray(list) ? list : []).flatMap((r: unknown) => {
    if (!isDict(r)) return [];
    const to = str(pick(r, 'to', 'target', 'destination'));
    const fromValue = pick(r, 'from', 'source', 'paths');
    const froms = typeof fromValue === 'string' ? [fromValue] : strList(fromValue);
    return to ? froms.map((from) => ({ from, to })) : [];
  });
}

export const site: SiteConfig = parseSite(file('site.json') ?? file('config.json'));
export const categories: Category[] = parseCategories(file('categories.json'));
export const services: Service[] = parseServices(file('services.json'));
export const redirects: Redirect[] = parseRedirects(file('redirects.json'));

export const activeServices = services.filter((s) => s.isActive);
