import { Navigate, useLocation } from 'react-router-dom';
import servicesFile from '@site/services.json';
import type { FullService } from '../../../lib/site-types';
import { resolveServicePath } from '../service-catalogue';
import { ServicePage } from './ServicePage';
import { NotFoundContent } from './NotFoundPage';
import { ServicePlaceholder } from './ServicePlaceholder';

const fullServices = (servicesFile as unknown as { services: FullService[] }).services;

/** /services/:slug: a service page, one of its served-at paths, a redirect, or not found. */
export default function ServiceRoute() {
  const { pathname } = useLocation();
  const resolution = resolveServicePath(pathname);
  switch (resolution.kind) {
    case 'redirect':
      return <Navigate to={resolution.to} replace={resolution.replace} />;
    case 'not-found':
      return <NotFoundContent />;
    case 'page': {
      const service = fullServices.find((s) => s.id === resolution.serviceId);
      if (!service) return <NotFoundContent />;
      if (service.placeholder)
        return (
          <ServicePlaceholder heading={service.placeholder.heading} message={service.placeholder.message} />
        );
      return <ServicePage service={service} />;
    }
  }
}
