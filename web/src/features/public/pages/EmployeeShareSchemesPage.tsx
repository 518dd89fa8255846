import { Link } from 'react-router-dom';
import { PageContainer } from '../../../components/PageContainer';
import { PageHero } from '../components/PageHero';

export default function EmployeeShareSchemesPage() {
  return (
    <>
      <PageHero eyebrow="Coming soon" title="Employee Share Schemes" />
      <PageContainer className="py-14">
        <div className="card max-w-2xl">
          <h2 className="text-xl">This service is under development</h2>
          <p className="mt-3 leading-7 text-ink-700">
            We are preparing a service to help companies set up and run tax-advantaged employee share schemes. Please
            check back soon, or contact us and we will tell you how we can help in the meantime.
          </p>
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
