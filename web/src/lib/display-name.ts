export function displayNameOf(
  user: { display_name: string | null; username: string; email: string } | null,
): string {
  if (!user) return 'User';
  return user.display_name || user.username || user.email || 'User';
}
