import { z } from 'zod';
import { ZRestriction, ZRole } from '../roles';

/** The user as every answer presents it (never a hash or a token). */
export const ZUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: ZRole,
  /** Every role held; `role` is the primary one, which navigation follows. */
  roles: z.array(ZRole),
  emailVerified: z.boolean(),
  avatarUrl: z.string().nullable(),
  createdAt: z.string(),
  suspended: z.boolean(),
  restrictions: z.array(ZRestriction),
  suspensionReason: z.string().nullable(),
  suspendedUntil: z.string().nullable(),
  /** The IANA zone the member reads times in (profile setting, default Africa/Lagos). */
  timeZone: z.string(),
  /** GET /api/user: a newer terms or privacy version waits for the member's agreement (decision 019). */
  consentRequired: z.boolean().optional(),
  /** The sign-in's answer only: what the sign-in changed that the member should hear (a cancelled deletion). */
  signInNotices: z.array(z.string()).optional(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZMessage = z.object({ message: z.string() });
export type TMessage = z.infer<typeof ZMessage>;

/** GET /api/session: the signed-in user or null; a first page load asks it, so a visitor meets no 401 (decision 024). */
export const ZSessionProbe = z.object({ user: ZUser.nullable() });
export type TSessionProbe = z.infer<typeof ZSessionProbe>;

export const ZSessionInfo = z.object({ expiresAt: z.string() });
export type TSessionInfo = z.infer<typeof ZSessionInfo>;
