import type { TUser } from '#shared/accounts/accounts.schemas';

/** A signed-in member in good standing with the general role, as GET /api/session answers it. */
export const MEMBER: TUser = {
  id: 'u1',
  username: 'ada',
  email: 'ada@example.com',
  fullName: 'Ada Lovelace',
  role: 'general',
  roles: ['general'],
  emailVerified: true,
  avatarUrl: null,
  createdAt: '2026-01-02T10:00:00.000Z',
  suspended: false,
  restrictions: [],
  suspensionReason: null,
  suspendedUntil: null,
  timeZone: 'Africa/Lagos',
};
