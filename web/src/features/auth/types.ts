export type Role = 'CLIENT' | 'STAFF' | 'ADMIN';

export interface NotificationPreferences {
  email_claim_updates: boolean;
  email_messages: boolean;
  email_news: boolean;
}

export interface User {
  id: string;
  username: string;
  display_name: string | null;
  email: string;
  avatar: string | null;
  role: Role;
  is_staff: boolean;
  is_active: boolean;
  date_joined: string;
  last_login: string | null;
  notification_preferences?: NotificationPreferences;
}

export type AuthStatus = 'checking' | 'authenticated' | 'unauthenticated';

export function isAdminUser(user: Pick<User, 'role' | 'is_staff'> | null | undefined): boolean {
  if (!user) return false;
  return user.role === 'ADMIN' || user.role === 'STAFF' || user.is_staff === true;
}
