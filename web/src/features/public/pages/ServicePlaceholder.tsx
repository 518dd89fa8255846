import { Link } from 'react-router-dom';
import { PageContainer } from '../../../components/PageContainer';
import { PageHero } from '../components/PageHero';

export function ServicePlaceholder({ heading, message }: { heading: string; message: string }) {
  return (
    <>
      <PageHero eyebrow="Coming soon" title={heading} />
      <PageContainer className="py-14">
        <div className="card max-w-2xl">
          <h2 className="text-xl">Under development</h2>
          <p className="mt-3 leading-7 text-ink-700">{message}</p>
          <div className="mt-6 flex flex-wrap gap-3">
            <Link to="/contact" className="btn btn-primary">
              Contact us
            </Link>
            <Link to="/services" className="btn btn-secondary">
              See our current services
            </Link>
          </div>
        </div>
      </PageContainer>
    </>
  );
}
