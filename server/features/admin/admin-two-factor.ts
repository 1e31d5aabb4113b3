import type { Db, DbOrTx } from '#server/db/client';
import { transaction } from '#server/db/transaction';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TRecoveryCodes, TTwoFactorStatus } from '#shared/auth/two-factor.schemas';
import type { AuthService, SecurityService } from '../auth';
import type { AuditValues } from '#server/lib/audit/audit';

/**
 * An admin's own two-factor authentication, from the console (decision 033). Sign-in keeps it
 * (auth's `twoFactor`); turning it on and off is an admin action, so the audit log has both.
 * Turning it on signs out every other session, as GitHub and Google do: a session opened with
 * the password alone, perhaps by whoever made the admin want a second factor, must not outlive
 * it (issue 25).
 */
export function createAdminTwoFactor(deps: {
  db: Db;
  auth: AuthService;
  security: Pick<SecurityService, 'revokeOthers'>;
  audit: (tx: DbOrTx, v: AuditValues) => Promise<void>;
}) {
  const { db, audit } = deps;
  const { twoFactor } = deps.auth;
  const entry = (admin: TUser, on: boolean): AuditValues => ({
    actorId: admin.id,
    action: on ? 'admin.two_factor_on' : 'admin.two_factor_off',
    targetType: 'user',
    targetId: admin.id,
    before: { twoFactor: !on },
    after: { twoFactor: on },
    reason: null,
  });

  return {
    status: (admin: TUser) => twoFactor.status(admin.id),
    start: (admin: TUser) => twoFactor.startSetup(admin),

    confirm: (admin: TUser, code: string, sessionToken: string): Promise<TRecoveryCodes> =>
      transaction(db, async (tx) => {
        const recoveryCodes = await twoFactor.confirm(admin.id, code, tx);
        await audit(tx, entry(admin, true));
        await deps.security.revokeOthers(admin.id, sessionToken, tx);
        return { recoveryCodes };
      }),

    disable: (admin: TUser): Promise<TTwoFactorStatus> =>
      transaction(db, async (tx) => {
        await twoFactor.disable(admin.id, tx);
        await audit(tx, entry(admin, false));
        return { enabled: false, recoveryCodesLeft: 0 };
      }),
  };
}
