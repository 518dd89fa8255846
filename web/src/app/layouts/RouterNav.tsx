import { useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useAuth } from '../../features/auth/use-auth';
import { NavContext, type NavApi } from '../nav-context';
import { MobileAccount } from './MobileAccount';
import { UserMenu } from './UserMenu';

/** NavContext backed by react-router and the session (full app). */
export function RouterNav({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const { isAuthenticated } = useAuth();
  const value = useMemo<NavApi>(
    () => ({
      pathname,
      navigate: (to) => {
        void navigate(to);
      },
      isAuthenticated,
      accountMenu: isAuthenticated ? <UserMenu /> : undefined,
      mobileAccount: isAuthenticated ? <MobileAccount /> : undefined,
    }),
    [pathname, navigate, isAuthenticated],
  );
  return <NavContext.Provider value={value}>{children}</NavContext.Provider>;
}
