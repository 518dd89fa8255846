import { useCallback, useMemo } from 'react';
import { useNavigate } from 'react-router-dom';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { loginWithPassword, logoutSession, registerAccount } from './session-actions';
import { selectSession } from './session-slice';
import { isAdminUser, type User } from './types';

export interface UseAuth {
  user: User | null;
  status: 'checking' | 'authenticated' | 'unauthenticated';
  isAuthenticated: boolean;
  isChecking: boolean;
  /** Role ADMIN or STAFF, or the staff flag. */
  isAdmin: boolean;
  login: (email: string, password: string, remember?: boolean) => Promise<User>;
  register: (input: {
    email: string;
    password: string;
    display_name?: string;
    remember?: boolean;
  }) => Promise<{ signedIn: boolean; user: User | null }>;
  /** Ends the session on the server and locally, then goes to /login. */
  logout: () => Promise<void>;
}

export function useAuth(): UseAuth {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const { status, user } = useAppSelector(selectSession);

  const login = useCallback(
    (email: string, password: string, remember = false) =>
      loginWithPassword(dispatch, { email, password, remember }),
    [dispatch],
  );
  const register = useCallback<UseAuth['register']>((input) => registerAccount(dispatch, input), [dispatch]);
  const logout = useCallback(async () => {
    await logoutSession(dispatch);
    await navigate('/login', { replace: true });
  }, [dispatch, navigate]);

  return useMemo(
    () => ({
      user,
      status,
      isAuthenticated: status === 'authenticated' && user !== null,
      isChecking: status === 'checking',
      isAdmin: isAdminUser(user),
      login,
      register,
      logout,
    }),
    [user, status, login, register, logout],
  );
}
