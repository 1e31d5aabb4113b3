import { describe, expect, it } from 'vitest';
import { ROLES } from './roles';
import { bottomNav, isNavActive, isShellHidden, TOP_NAV } from './navigation';

const labels = (role?: Parameters<typeof bottomNav>[0]) => bottomNav(role).map((i) => i.label);

describe('bottom navigation by role (spec section 2)', () => {
  it('shows Sessions only to mentors and mentees', () => {
    for (const role of ROLES) {
      expect(labels(role).includes('Sessions')).toBe(role === 'mentor' || role === 'mentee');
    }
    expect(labels('mentor')).toEqual(['Home', 'Courses', 'Jobs', 'Talent', 'Sessions', 'Profile']);
    expect(labels('general')).toEqual(['Home', 'Courses', 'Jobs', 'Talent', 'Profile']);
  });

  it('replaces the fourth item with Dashboard for employers', () => {
    const items = bottomNav('employer');
    expect(items[3]).toEqual({ label: 'Dashboard', to: '/employer/dashboard' });
    expect(items.map((i) => i.label)).not.toContain('Talent');
  });
});

describe('active links and hidden shell', () => {
  it('marks a link active when the path starts with it, Home only on /', () => {
    expect(isNavActive('/courses/tutor', '/courses')).toBe(true);
    expect(isNavActive('/courses', '/courses')).toBe(true);
    expect(isNavActive('/coursesx', '/courses')).toBe(false);
    expect(isNavActive('/jobs', '/')).toBe(false);
    expect(isNavActive('/', '/')).toBe(true);
    expect(TOP_NAV.map((i) => i.label)).toEqual(['Home', 'Courses', 'Jobs', 'Mentorship', 'Talent']);
  });

  it('hides the header on auth pages and admin paths only', () => {
    for (const p of [
      '/auth',
      '/verify-email',
      '/reset-password',
      '/suspended',
      '/guardian-consent',
      '/admin',
      '/admin/dashboard',
    ]) {
      expect(isShellHidden(p)).toBe(true);
    }
    for (const p of ['/', '/courses', '/profile', '/administrators-guide']) expect(isShellHidden(p)).toBe(false);
  });
});
