import { z } from 'zod';
import { ZRestriction, ZRole } from '../roles';

/** The user as every answer presents it (never a hash or a token). */
export const ZUser = z.object({
  id: z.string(),
  username: z.string(),
  email: z.string(),
  fullName: z.string(),
  role: ZRole,
  emailVerified: z.boolean(),
  avatarUrl: z.string().nullable(),
  createdAt: z.string(),
  suspended: z.boolean(),
  restrictions: z.array(ZRestriction),
  suspensionReason: z.string().nullable(),
  suspendedUntil: z.string().nullable(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZMessage = z.object({ message: z.string() });
export type TMessage = z.infer<typeof ZMessage>;

export const ZSessionInfo = z.object({ expiresAt: z.string() });
export type TSessionInfo = z.infer<typeof ZSessionInfo>;
