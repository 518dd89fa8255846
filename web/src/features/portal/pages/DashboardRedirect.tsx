import { Navigate } from 'react-router-dom';
import { useAuth } from '../../auth/use-auth';
import { dashboardPathFor } from '../navigation';

export default function DashboardRedirect() {
  const { isAdmin } = useAuth();
  return <Navigate to={dashboardPathFor(isAdmin)} replace />;
}
