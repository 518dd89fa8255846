import { Link } from 'react-router-dom';
import { PageContainer } from '../../../components/PageContainer';
import { BUSINESS_HOURS, site } from '../../../lib/site';
import { PageHero } from '../components/PageHero';

const VALUES = [
  {
    title: 'Accuracy first',
    text: 'Every claim is checked against the legislation and HMRC guidance in force on the relevant date. We would rather tell you a claim is not worth making than file a weak one.',
  },
  {
    title: 'Plain English',
    text: 'Tax is complicated; our explanations are not. You will always know what we are claiming, why, and what it is likely to be worth.',
  },
  {
    title: 'Fair fees',
    text: 'Fees are agreed before work starts. For most refund claims we are paid only when the refund is paid to you.',
  },
  {
    title: 'Your data protected',
    text: 'We handle your information under UK GDPR, keep it in the UK and share it only with HMRC or the VOA as your claim requires.',
  },
];

export default function AboutPage() {
  return (
    <>
      <PageHero
        eyebrow="About us"
        title={`About ${site.name}`}
        lead="We help individuals and businesses across the UK recover tax they have overpaid and claim the reliefs the law gives them."
      />
      <PageContainer className="py-14">
        <div className="grid gap-12 lg:grid-cols-3">
          <div className="prose-body lg:col-span-2">
            <h2>Who we are</h2>
            <p>
              {site.legalName} is a UK tax reclaim and tax relief advisory firm. Our advisers specialise in
              the areas where overpayments are most common and most valuable: Stamp Duty Land Tax, capital
              allowances, Capital Gains Tax, business rates, Inheritance Tax, R&amp;D tax relief, the Patent
              Box and the Enterprise Investment Schemes.
            </p>
            <p>
              Many people and companies pay more tax than they need to. Sometimes a return was prepared
              quickly at completion, sometimes a relief was simply not known about, and sometimes the rules
              changed. Time limits mean that money can be lost for good, so we check quickly and tell you
              clearly what can be recovered.
            </p>
            <h2>How we work</h2>
            <p>
              Most cases start with our online eligibility checker, which gives an indicative result in
              minutes. A specialist then reviews your answers and documents, confirms the figures and prepares
              the claim. You follow progress, upload documents and message your adviser in the secure Client
              Portal.
            </p>
          </div>
          <aside className="card h-fit">
            <h2 className="text-lg">Talk to an adviser</h2>
            <p className="mt-2 text-sm text-ink-600">{BUSINESS_HOURS}</p>
            {site.email ? (
              <p className="mt-2 text-sm">
                <a href={`mailto:${site.email}`}>{site.email}</a>
              </p>
            ) : null}
            <Link to="/contact" className="btn btn-primary mt-4 w-full">
              Contact us
            </Link>
          </aside>
        </div>
        <h2 className="mt-16">What we stand for</h2>
        <div className="mt-6 grid gap-6 sm:grid-cols-2">
          {VALUES.map((v) => (
            <div key={v.title} className="card">
              <h3>{v.title}</h3>
              <p className="mt-2 leading-7 text-ink-600">{v.text}</p>
            </div>
          ))}
        </div>
      </PageContainer>
    </>
  );
}
