import { Link } from 'react-router-dom';
import { PageContainer } from '../../../components/PageContainer';
import { PageHero } from '../components/PageHero';
import { serviceGroups } from '../service-catalogue';

const CATEGORY_INTRO: Record<string, string> = {
  'property-assets-refunds':
    'Tax paid when you bought, improved or sold property and other assets, recovered where it was overpaid.',
  'property-estate-savings':
    'Lower business rates and Inheritance Tax by correcting valuations and using every allowance.',
  'innovation-investments-relief':
    'Reliefs that reward research, patented inventions and investment in growing companies.',
};

export default function ServicesPage() {
  const groups = serviceGroups();
  const count = groups.reduce((n, g) => n + g.pages.length, 0);
  return (
    <>
      <PageHero
        eyebrow="Our services"
        title="Tax reclaim and relief services"
        lead={`${count} specialist services in three areas. Each page explains the relief, who it is for and the figures that apply.`}
      >
        <nav aria-label="Service categories" className="flex flex-wrap gap-2">
          {groups.map(({ category }) => (
            <a key={category.id} href={`#${category.id}`} className="btn btn-secondary btn-sm">
              {category.label}
            </a>
          ))}
        </nav>
      </PageHero>
      <PageContainer className="space-y-16 py-14">
        {groups.map(({ category, pages }) => (
          <section key={category.id} id={category.id} aria-labelledby={`${category.id}-title`}>
            <h2 id={`${category.id}-title`}>{category.label}</h2>
            <p className="mt-2 max-w-2xl text-ink-600">
              {category.description ?? CATEGORY_INTRO[category.id]}
            </p>
            <ul className="mt-6 grid gap-6 md:grid-cols-2 lg:grid-cols-3">
              {pages.map((p) => (
                <li key={p.id} className="card flex flex-col">
                  <h3>
                    <Link to={p.path} className="text-ink-900 no-underline hover:text-brand-700">
                      {p.title}
                    </Link>
                  </h3>
                  <p className="mt-2 flex-1 text-sm leading-6 text-ink-600">{p.summary}</p>
                  <div className="mt-4 flex flex-wrap gap-3">
                    <Link
                      to={p.path}
                      className="btn btn-secondary btn-sm"
                      aria-label={`Learn more about ${p.title}`}
                    >
                      Learn more
                    </Link>
                    {p.assessmentPath ? (
                      <Link
                        to={p.assessmentPath}
                        className="btn btn-primary btn-sm"
                        aria-label={`Check your eligibility for ${p.title}`}
                      >
                        Check your eligibility
                      </Link>
                    ) : null}
                  </div>
                </li>
              ))}
            </ul>
          </section>
        ))}
        <section aria-labelledby="coming-soon" className="rounded-2xl bg-ink-50 p-8">
          <h2 id="coming-soon" className="text-xl">
            Coming soon: Employee Share Schemes
          </h2>
          <p className="mt-2 text-ink-600">
            Advice on tax-advantaged share schemes such as EMI and CSOP is under development.{' '}
            <Link to="/services/employee-share-schemes">Find out more</Link>.
          </p>
        </section>
      </PageContainer>
    </>
  );
}
