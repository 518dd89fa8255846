import type { Schemas } from '../../app/api-types';

// The contract types are generated from the API's OpenAPI document (app/api-schema.gen.ts).
export type Role = Schemas['Role'];

export type NotificationPreferences = Required<Schemas['NotificationPreferencesDto']>;

export type User = Omit<Schemas['UserResponse'], 'notification_preferences'> & {
  notification_preferences?: NotificationPreferences;
};

export type AuthStatus = 'checking' | 'authenticated' | 'unauthenticated';

export function isAdminUser(user: Pick<User, 'role' | 'is_staff'> | null | undefined): boolean {
  if (!user) return false;
  return user.role === 'ADMIN' || user.role === 'STAFF' || user.is_staff === true;
}
