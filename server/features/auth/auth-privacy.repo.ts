import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { memberRows } from '#server/db/member-rows';
import { emailTokens, loginFailures, sessions, trustedDevices } from './auth.table';
import { twoFactorRepo } from './two-factor.repo';

/** Sessions and sign-in records for "Download my data" (no secrets: no hashes of cookies or tokens) and for erasure. */
export const authPrivacyRepo = {
  async export(db: DbOrTx, userId: string) {
    const list = await memberRows(db, sessions, sessions.userId, userId, [
      'createdAt',
      'lastSeenAt',
      'expiresAt',
      'userAgent',
      'ip',
    ]);
    const devices = await memberRows(db, trustedDevices, trustedDevices.userId, userId, ['createdAt', 'lastUsedAt']);
    // Whether an admin's two-factor is on and since when: never its secret or the codes' hashes.
    const twoFactor = await twoFactorRepo.find(db, userId);
    return { sessions: list, trustedDevices: devices, twoFactorEnabledAt: twoFactor?.enabledAt ?? null };
  },

  /** Everything sign-in kept of the member: sessions, mail links, trusted devices, two-factor secret and recovery codes, failed attempts under their id or names. */
  async erase(db: DbOrTx, userId: string, names: string[]): Promise<void> {
    await db.delete(sessions).where(eq(sessions.userId, userId));
    await db.delete(emailTokens).where(eq(emailTokens.userId, userId));
    await db.delete(trustedDevices).where(eq(trustedDevices.userId, userId));
    await twoFactorRepo.remove(db, userId);
    const accounts = [`user:${userId}`, ...names.map((n) => `name:${n.trim().toLowerCase()}`)];
    await db.delete(loginFailures).where(inArray(loginFailures.account, accounts));
  },
};
