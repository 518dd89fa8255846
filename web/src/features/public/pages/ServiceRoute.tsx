import { Navigate, useParams } from 'react-router-dom';
import { resolveServicePath } from '../service-catalogue';
import { ServicePage } from './ServicePage';
import { NotFoundContent } from './NotFoundPage';

/** /services/:slug: a service page, one of its served aliases, a redirect, or not found. */
export default function ServiceRoute() {
  const { slug = '' } = useParams();
  const resolution = resolveServicePath(slug);
  switch (resolution.kind) {
    case 'page':
      return <ServicePage page={resolution.page} />;
    case 'redirect':
      return <Navigate to={resolution.to} replace />;
    case 'not-found':
      return <NotFoundContent />;
  }
}
