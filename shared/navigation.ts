import type { TRole } from './roles';

export interface NavItem {
  label: string;
  to: string;
}

/** docs/spec.md §2: the top navigation. */
export const TOP_NAV: readonly NavItem[] = [
  { label: 'Home', to: '/' },
  { label: 'Courses', to: '/courses' },
  { label: 'Jobs', to: '/jobs' },
  { label: 'Mentorship', to: '/mentorship' },
  { label: 'Talent', to: '/talent' },
];

/** Where "Sessions" leads for each role that sees it. */
const SESSIONS_TO: Partial<Record<TRole, string>> = {
  mentor: '/mentor/dashboard',
  mentee: '/mentorship/mentee',
};

/**
 * docs/spec.md §2: Home, Courses, Jobs, Talent, Sessions (mentor and mentee only), Profile;
 * for an employer the fourth item (Talent) is replaced by Dashboard.
 */
export function bottomNav(role: TRole | undefined): NavItem[] {
  const fourth: NavItem =
    role === 'employer' ? { label: 'Dashboard', to: '/employer/dashboard' } : { label: 'Talent', to: '/talent' };
  const items: NavItem[] = [
    { label: 'Home', to: '/' },
    { label: 'Courses', to: '/courses' },
    { label: 'Jobs', to: '/jobs' },
    fourth,
  ];
  const sessions = role ? SESSIONS_TO[role] : undefined;
  if (sessions) items.push({ label: 'Sessions', to: sessions });
  items.push({ label: 'Profile', to: '/profile' });
  return items;
}

/** A link is active when the current path starts with it; Home only on "/" itself. */
export function isNavActive(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}

/** Paths where the header and bottom navigation are hidden (auth shell and admin). */
export function isShellHidden(pathname: string): boolean {
  return (
    ['/auth', '/verify-email', '/reset-password', '/sign-in-link', '/suspended', '/guardian-consent'].some((p) =>
      isNavActive(pathname, p),
    ) || isNavActive(pathname, '/admin')
  );
}
