import type { ReactNode } from 'react';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { useAuth } from '../auth/use-auth';

/** One route, two pages: staff (any staff role) get `staff`, clients get `client`. */
export function StaffOrClient({ staff, client }: { staff: ReactNode; client: ReactNode }) {
  const { isAdmin } = useAuth();
  return isAdmin ? <ErrorBoundary component="Claims workbench">{staff}</ErrorBoundary> : <>{client}</>;
}
