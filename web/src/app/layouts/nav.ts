export const MAIN_NAV = [
  { to: '/', label: 'Home' },
  { to: '/services', label: 'Services' },
  { to: '/about', label: 'About' },
  { to: '/news', label: 'News' },
  { to: '/contact', label: 'Contact' },
] as const;

export const USER_MENU = [
  { to: '/portal/dashboard', label: 'Dashboard' },
  { to: '/portal/profile', label: 'Profile' },
  { to: '/portal/settings', label: 'Settings' },
] as const;
