import { Link } from 'react-router-dom';
import { PageContainer } from '../../../components/PageContainer';
import { PageHero } from '../components/PageHero';
import { serviceGroups } from '../service-catalogue';

const SECTIONS = [
  {
    title: 'Main pages',
    links: [
      { to: '/', label: 'Home' },
      { to: '/about', label: 'About Us' },
      { to: '/services', label: 'Services' },
      { to: '/eligibility-checker', label: 'Eligibility Checker' },
      { to: '/news', label: 'News & Insights' },
      { to: '/contact', label: 'Contact Us' },
    ],
  },
  {
    title: 'Your account',
    links: [
      { to: '/login', label: 'Client Portal sign in' },
      { to: '/signup', label: 'Create an account' },
      { to: '/password-reset', label: 'Reset your password' },
    ],
  },
  {
    title: 'Legal',
    links: [
      { to: '/privacy-policy', label: 'Privacy Policy' },
      { to: '/terms-of-service', label: 'Terms of Service' },
      { to: '/cookies-policy', label: 'Cookies Policy' },
    ],
  },
];

export default function SitemapPage() {
  const groups = serviceGroups();
  return (
    <>
      <PageHero title="Sitemap" lead="Every page of the website in one place." />
      <PageContainer className="grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-3">
        {SECTIONS.map((s) => (
          <nav key={s.title} aria-label={s.title}>
            <h2 className="text-lg">{s.title}</h2>
            <ul className="mt-3 space-y-2">
              {s.links.map((l) => (
                <li key={l.to}>
                  <Link to={l.to}>{l.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        {groups.map(({ category, pages }) => (
          <nav key={category.id} aria-label={category.label}>
            <h2 className="text-lg">{category.label}</h2>
            <ul className="mt-3 space-y-2">
              {pages.map((p) => (
                <li key={p.id}>
                  <Link to={p.path}>{p.title}</Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
      </PageContainer>
    </>
  );
}
