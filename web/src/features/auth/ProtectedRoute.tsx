import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { Spinner } from '../../components/Spinner';
import { useAuth } from './use-auth';
import type { Role } from './types';

export interface ProtectedRouteProps {
  /** Only roles ADMIN or STAFF (or the staff flag) pass. */
  requireAdmin?: boolean;
  allowedRoles?: Role[];
  children?: ReactNode;
}

export function ProtectedRoute({ requireAdmin = false, allowedRoles, children }: ProtectedRouteProps) {
  const { status, user, isAdmin } = useAuth();
  const location = useLocation();

  if (status === 'checking') {
    return (
      <div
        className="flex min-h-[50vh] flex-col items-center justify-center gap-3"
        role="status"
        aria-live="polite"
      >
        <Spinner size="lg" label="Loading" />
        <p className="text-lg font-semibold text-ink-900">Loading</p>
        <p className="text-sm text-ink-600">Verifying authentication</p>
      </div>
    );
  }
  if (status !== 'authenticated' || !user) {
    return <Navigate to="/login" replace state={{ from: location }} />;
  }
  if (requireAdmin && !isAdmin) return <Navigate to="/unauthorized" replace />;
  if (allowedRoles && allowedRoles.length > 0) {
    const staffPass = user.is_staff && (allowedRoles.includes('ADMIN') || allowedRoles.includes('STAFF'));
    if (!allowedRoles.includes(user.role) && !staffPass) return <Navigate to="/unauthorized" replace />;
  }
  return children ? <>{children}</> : <Outlet />;
}
