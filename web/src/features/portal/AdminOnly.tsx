import type { ReactNode } from 'react';
import { Navigate } from 'react-router-dom';
import { ErrorBoundary } from '../../components/ErrorBoundary';
import { useAuth } from '../auth/use-auth';

// Admin-only portal pages: a client is sent to /unauthorized; staff get the page inside the
// error boundary so a failing admin widget does not take the portal down.
export function AdminOnly({ name, children }: { name: string; children: ReactNode }) {
  const { isAdmin } = useAuth();
  if (!isAdmin) return <Navigate to="/unauthorized" replace />;
  return <ErrorBoundary component={name}>{children}</ErrorBoundary>;
}
