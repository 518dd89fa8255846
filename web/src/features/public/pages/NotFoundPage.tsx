import { Link } from 'react-router-dom';
import { PageContainer } from '../../../components/PageContainer';

export function NotFoundContent() {
  return (
    <PageContainer className="py-20 text-center">
      <p className="eyebrow">Error 404</p>
      <h1 className="mt-2">Page not found</h1>
      <p className="mx-auto mt-4 max-w-xl text-ink-600">
        The page you were looking for does not exist or has moved. Try one of these instead:
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to="/" className="btn btn-primary">
          Home
        </Link>
        <Link to="/services" className="btn btn-secondary">
          Our services
        </Link>
        <Link to="/sitemap" className="btn btn-secondary">
          Sitemap
        </Link>
      </div>
    </PageContainer>
  );
}

export default function NotFoundPage() {
  return <NotFoundContent />;
}
