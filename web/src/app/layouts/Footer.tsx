import { Logo } from '../../components/Logo';
import { AppLink } from '../nav-context';
import { site } from '../../lib/site';
import { serviceGroups } from '../../features/public/service-catalogue';

const QUICK_LINKS = [
  { to: '/about', label: 'About Us' },
  { to: '/news', label: 'News & Insights' },
  { to: '/eligibility-checker', label: 'Eligibility Checker' },
  { to: '/contact', label: 'Contact Us' },
  { to: '/login', label: 'Client Portal' },
] as const;

const LEGAL_LINKS = [
  { to: '/privacy-policy', label: 'Privacy Policy' },
  { to: '/terms-of-service', label: 'Terms of Service' },
  { to: '/cookies-policy', label: 'Cookies Policy' },
  { to: '/sitemap', label: 'Sitemap' },
] as const;

function SocialIcon({ name }: { name: 'linkedin' | 'twitter' | 'facebook' }) {
  const paths = {
    linkedin:
      'M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.75h4V21H3V9.75Zm6.5 0h3.8v1.6h.05c.53-1 1.83-2.05 3.77-2.05 4.03 0 4.78 2.65 4.78 6.1V21h-4v-5c0-1.2-.02-2.74-1.67-2.74-1.67 0-1.93 1.3-1.93 2.65V21h-4V9.75Z',
    twitter:
      'M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.2L2 3h6.33l4.37 5.78L17.75 3Zm-1.08 16.2h1.7L7.4 4.73H5.57l11.1 14.47Z',
    facebook:
      'M13.5 21v-7.5h2.53l.38-2.94H13.5V8.69c0-.85.24-1.43 1.46-1.43h1.56V4.63a21 21 0 0 0-2.27-.12c-2.25 0-3.79 1.37-3.79 3.9v2.15H7.92v2.94h2.54V21h3.04Z',
  } as const;
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5">
      <path fill="currentColor" d={paths[name]} />
    </svg>
  );
}

export function Footer() {
  const year = new Date().getFullYear();
  const { address } = site;
  const socials = [
    { key: 'linkedin', label: 'LinkedIn', href: site.social.linkedin },
    { key: 'twitter', label: 'Twitter', href: site.social.twitter },
    { key: 'facebook', label: 'Facebook', href: site.social.facebook },
  ] as const;
  const groups = serviceGroups();

  return (
    <footer className="mt-auto bg-brand-950 text-ink-200">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-14 sm:px-6 md:grid-cols-2 lg:grid-cols-4 lg:px-8">
        <div>
          <AppLink to="/" aria-label="Reclaim home" className="inline-block rounded bg-white px-3 py-2">
            <Logo className="h-8 w-auto" />
          </AppLink>
          <p className="mt-4 text-sm leading-6 text-ink-300">{site.tagline}</p>
          <ul className="mt-5 flex gap-3" aria-label="Social media">
            {socials.map((s) => (
              <li key={s.key}>
                <a
                  href={s.href}
                  target="_blank"
                  rel="noopener noreferrer"
                  aria-label={s.label}
                  className="flex h-9 w-9 items-center justify-center rounded-full bg-white/10 text-white no-underline hover:bg-white/20 hover:text-white"
                >
                  <SocialIcon name={s.key} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Services">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Services</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {groups.map(({ category }) => (
              <li key={category.id}>
                <AppLink
                  to={`/services#${category.id}`}
                  className="text-ink-300 no-underline hover:text-white"
                >
                  {category.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Quick Links">
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Quick Links</h2>
          <ul className="mt-4 space-y-2 text-sm">
            {QUICK_LINKS.map((l) => (
              <li key={l.to}>
                <AppLink to={l.to} className="text-ink-300 no-underline hover:text-white">
                  {l.label}
                </AppLink>
              </li>
            ))}
          </ul>
        </nav>
        <div>
          <h2 className="text-sm font-semibold tracking-wide text-white uppercase">Contact</h2>
          <address className="mt-4 space-y-1 text-sm leading-6 text-ink-300 not-italic">
            <span className="block font-medium text-white">{site.legalName}</span>
            {address.line ? <span className="block">{address.line}</span> : null}
            {address.city ? <span className="block">{address.city}</span> : null}
            {address.country ? <span className="block">{address.country}</span> : null}
            {address.postcode ? <span className="block">{address.postcode}</span> : null}
            {site.email ? (
              <a href={`mailto:${site.email}`} className="block text-accent-300 hover:text-white">
                {site.email}
              </a>
            ) : null}
          </address>
        </div>
      </div>
      <div className="border-t border-white/10">
        <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-6 text-sm sm:px-6 md:flex-row md:items-center md:justify-between lg:px-8">
          <p className="text-ink-400">
            © {year} {site.legalName}. All rights reserved.
            {site.companyNumber
              ? ` Registered in ${site.registeredIn}, company number ${site.companyNumber}.`
              : ''}
          </p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-5 gap-y-2">
              {LEGAL_LINKS.map((l) => (
                <li key={l.to}>
                  <AppLink to={l.to} className="text-ink-300 no-underline hover:text-white">
                    {l.label}
                  </AppLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}
