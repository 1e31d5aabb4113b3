import type { FastifyRequest } from 'fastify';
import type { Db } from '#server/db/client';
import { AppError } from '#server/lib/errors';
import { verifyPassword } from '#server/lib/passwords';
import { hashToken } from '#server/lib/tokens';
import { guard } from '#server/plugins/guard-rules';
import { requireAdmin, sessionToken } from '#server/plugins/session';
import { CONFIRM_MINUTES } from '#shared/admin/admin.schemas';
import type { AccountsService } from '../accounts';
import type { SecurityService } from '../auth';
import { adminRepo } from './admin.repo';

const WINDOW_MS = CONFIRM_MINUTES * 60_000;

/**
 * "Type your password again": destructive admin actions need a password typed in this session
 * within the last 15 minutes. Signing in counts (the session's start); so does
 * POST /api/admin/confirm. Kept per session, so another browser's confirmation does not count.
 */
export function createAdminConfirm(deps: {
  db: Db;
  accounts: AccountsService;
  security: SecurityService;
  now: () => Date;
}) {
  const { db, accounts, security, now } = deps;

  async function confirmedAt(adminId: string, token: string): Promise<Date | null> {
    const row = await adminRepo.confirmation(db, hashToken(token));
    const current = (await security.sessions(adminId, token)).find((s) => s.current);
    const times = [
      row?.adminId === adminId ? row.confirmedAt.getTime() : 0,
      current ? Date.parse(current.createdAt) : 0,
    ];
    const latest = Math.max(...times);
    return latest > 0 ? new Date(latest) : null;
  }

  return {
    /** When the confirmation ends (null when there is none in force). */
    async confirmedUntil(adminId: string, token: string): Promise<Date | null> {
      const at = await confirmedAt(adminId, token);
      const until = at && new Date(at.getTime() + WINDOW_MS);
      return until && until > now() ? until : null;
    },

    async confirm(adminId: string, token: string, password: string): Promise<Date> {
      const row = await accounts.findById(adminId);
      if (!row || !(await verifyPassword(row.passwordHash, password))) {
        throw new AppError('VALIDATION_FAILED', 'That password is not right.', {
          password: 'That password is not right',
        });
      }
      const at = now();
      await adminRepo.confirm(db, { sessionHash: hashToken(token), adminId, confirmedAt: at });
      return new Date(at.getTime() + WINDOW_MS);
    },
  };
}

export type AdminConfirm = ReturnType<typeof createAdminConfirm>;

/** The guard of destructive routes: an admin, with a confirmation in force. */
export const requireConfirmedAdmin = guard({ signedIn: true, admin: 'confirmed' }, async (request: FastifyRequest) => {
  await requireAdmin(request);
  const token = sessionToken(request);
  const until = token ? await request.server.adminConfirm.confirmedUntil(request.user!.id, token) : null;
  if (!until) {
    throw new AppError(
      'CONFIRMATION_REQUIRED',
      `Enter your password again to do this: it was last confirmed more than ${CONFIRM_MINUTES} minutes ago.`,
    );
  }
});

declare module 'fastify' {
  interface FastifyInstance {
    /** For the guard above, which runs before any route's own services are in reach (the admin gate). */
    adminConfirm: AdminConfirm;
  }
}
