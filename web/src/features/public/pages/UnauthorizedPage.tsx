import { Link } from 'react-router-dom';
import { PageContainer } from '../../../components/PageContainer';
import { useAuth } from '../../auth/use-auth';

export default function UnauthorizedPage() {
  const { isAuthenticated } = useAuth();
  return (
    <PageContainer className="py-20 text-center">
      <p className="eyebrow">Access denied</p>
      <h1 className="mt-2">You do not have access to this page</h1>
      <p className="mx-auto mt-4 max-w-xl text-ink-600">
        This area is for Reclaim staff. If you think you should have access, please contact your
        administrator.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {isAuthenticated ? (
          <Link to="/portal/dashboard" className="btn btn-primary">
            Go to your dashboard
          </Link>
        ) : (
          <Link to="/login" className="btn btn-primary">
            Sign in
          </Link>
        )}
        <Link to="/" className="btn btn-secondary">
          Home
        </Link>
      </div>
    </PageContainer>
  );
}
