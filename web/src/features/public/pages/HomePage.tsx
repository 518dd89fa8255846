import { PageContainer } from '../../../components/PageContainer';
import { AppLink } from '../../../app/nav-context';
import { serviceGroups } from '../service-catalogue';

const STEPS = [
  {
    title: 'Check your eligibility',
    text: 'Answer a few questions about your property, business or investment. It takes minutes and you see an indicative result straight away.',
  },
  {
    title: 'We review your case',
    text: 'A specialist checks the figures, the reliefs that apply and the time limits, and tells you plainly whether a claim is worth making.',
  },
  {
    title: 'We make the claim',
    text: 'We prepare the amendment, claim or appeal with the evidence HMRC or the VOA expects, and follow it through to payment.',
  },
  {
    title: 'Follow it in the portal',
    text: 'Track each claim, upload documents and message your adviser in the secure Client Portal.',
  },
];

const REASONS = [
  {
    title: 'Specialists, not generalists',
    text: 'Stamp Duty, capital allowances, R&D, business rates and capital gains each have their own rules. Our advisers work in one area each.',
  },
  {
    title: 'Clear fees',
    text: 'You know what a claim will cost before we start. Most refund work is on a no-win, no-fee basis.',
  },
  {
    title: 'Time limits watched',
    text: 'Many claims are lost to deadlines. We tell you how long you have and act within it.',
  },
];

export function HomePage() {
  const groups = serviceGroups();
  return (
    <>
      <section className="bg-gradient-to-br from-brand-950 via-brand-900 to-brand-700 text-white">
        <PageContainer className="py-16 sm:py-24">
          <p className="text-sm font-semibold tracking-wide text-accent-300 uppercase">
            UK tax reclaims and tax relief
          </p>
          <h1 className="mt-3 max-w-3xl text-4xl font-bold tracking-tight text-white sm:text-5xl">
            Reclaim the tax you have overpaid
          </h1>
          <p className="mt-5 max-w-2xl text-lg leading-8 text-brand-100">
            Expert tax reclamation services for individuals and businesses across the UK: Stamp Duty refunds,
            capital allowances, R&amp;D tax credits, business rates appeals and more.
          </p>
          <div className="mt-8 flex flex-wrap gap-3">
            <AppLink to="/eligibility-checker" className="btn btn-accent btn-lg">
              Check your eligibility
            </AppLink>
            <AppLink
              to="/services"
              className="btn btn-lg border border-white/40 text-white hover:bg-white/10 hover:text-white"
            >
              Explore our services
            </AppLink>
          </div>
        </PageContainer>
      </section>

      <section aria-labelledby="home-services">
        <PageContainer className="py-16">
          <h2 id="home-services">What we can reclaim for you</h2>
          <p className="mt-3 max-w-2xl text-ink-600">
            Specialist services in three areas, each handled by a specialist team.
          </p>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {groups.map(({ category, pages }) => (
              <div key={category.id} className="card flex flex-col">
                <h3>
                  <AppLink
                    to={`/services#${category.id}`}
                    className="text-ink-900 no-underline hover:text-brand-700"
                  >
                    {category.label}
                  </AppLink>
                </h3>
                <ul className="mt-4 flex-1 space-y-3">
                  {pages.map((p) => (
                    <li key={p.id}>
                      <AppLink to={p.path} className="font-medium">
                        {p.title}
                      </AppLink>
                      <p className="text-sm text-ink-600">{p.summary}</p>
                    </li>
                  ))}
                </ul>
              </div>
            ))}
          </div>
        </PageContainer>
      </section>

      <section aria-labelledby="home-how" className="bg-ink-50">
        <PageContainer className="py-16">
          <h2 id="home-how">How it works</h2>
          <ol className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {STEPS.map((step, i) => (
              <li key={step.title} className="card">
                <span
                  className="flex h-9 w-9 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
                  aria-hidden="true"
                >
                  {i + 1}
                </span>
                <h3 className="mt-4">{step.title}</h3>
                <p className="mt-2 text-sm leading-6 text-ink-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </PageContainer>
      </section>

      <section aria-labelledby="home-why">
        <PageContainer className="py-16">
          <h2 id="home-why">Why clients choose us</h2>
          <div className="mt-10 grid gap-6 md:grid-cols-3">
            {REASONS.map((r) => (
              <div key={r.title}>
                <h3>{r.title}</h3>
                <p className="mt-2 leading-7 text-ink-600">{r.text}</p>
              </div>
            ))}
          </div>
          <div className="mt-12 flex flex-col items-start gap-4 rounded-2xl bg-brand-50 p-8 sm:flex-row sm:items-center sm:justify-between">
            <div>
              <h2 className="text-xl">Not sure which relief applies?</h2>
              <p className="mt-1 text-ink-600">
                Tell us about your situation and an adviser will get back to you within one working day.
              </p>
            </div>
            <AppLink to="/contact" className="btn btn-primary">
              Contact us
            </AppLink>
          </div>
        </PageContainer>
      </section>
    </>
  );
}
