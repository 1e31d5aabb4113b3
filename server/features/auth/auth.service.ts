import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { Mailer } from '../../lib/mailer';
import { resetMail, verificationMail } from '../../lib/mail-templates';
import { COMMON_PASSWORD_MESSAGE, decoyHash, hashPassword, isCommonPassword, verifyPassword } from '../../lib/passwords';
import { hashToken, newToken } from '../../lib/tokens';
import { RESET_TOKEN_HOURS, SESSION_MINUTES, VERIFY_TOKEN_HOURS } from '../../../shared/constants';
import type { TAdminLogin, TLogin, TRegister, TResetPassword } from '../../../shared/auth/auth.schemas';
import type { TUser } from '../../../shared/accounts/accounts.schemas';
import type { AccountsService } from '../accounts/accounts.service';
import type { UserRow } from '../accounts/accounts.table';
import { authRepo } from './auth.repo';
import type { TokenPurpose } from './auth.table';

const HOUR = 3_600_000;
export const SESSION_MS = SESSION_MINUTES * 60_000;

export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

export interface AuthDeps {
  db: Db;
  accounts: AccountsService;
  mailer: Mailer;
  appUrl: string;
  log: FastifyBaseLogger;
  now: () => Date;
}

/** Answer to requests whose result must not reveal whether an account exists. */
export const RESET_SENT = 'If an account exists for that email, a reset link has been sent.';
export const VERIFICATION_SENT = 'If that account is waiting for verification, a new link has been sent.';
const INVALID_CREDENTIALS = 'Invalid credentials';

export function createAuthService(deps: AuthDeps) {
  const { db, accounts, mailer, appUrl, log, now } = deps;

  function assertUncommon(password: string) {
    if (isCommonPassword(password)) {
      throw new AppError('VALIDATION_FAILED', COMMON_PASSWORD_MESSAGE, { password: COMMON_PASSWORD_MESSAGE });
    }
  }

  async function issueToken(userId: string, purpose: TokenPurpose, hours: number): Promise<string> {
    const token = newToken();
    await db.transaction(async (tx) => {
      await authRepo.retireTokens(tx, userId, purpose, now());
      await authRepo.insertToken(tx, {
        tokenHash: hashToken(token),
        userId,
        purpose,
        expiresAt: new Date(now().getTime() + hours * HOUR),
      });
    });
    return token;
  }

  /** Mail trouble must not lose the account: it is logged, and the user can ask again. */
  async function sendSafely(send: () => Promise<void>, what: string) {
    try {
      await send();
    } catch (err) {
      log.error({ err }, `could not send the ${what} mail`);
    }
  }

  async function sendVerification(user: UserRow) {
    const token = await issueToken(user.id, 'verify_email', VERIFY_TOKEN_HOURS);
    const link = `${appUrl}/api/verify-email/direct?token=${token}`;
    await sendSafely(() => mailer.send(verificationMail(user.email, user.fullName, link)), 'verification');
  }

  async function startSession(userId: string, meta: ClientMeta) {
    const token = newToken();
    const expiresAt = new Date(now().getTime() + SESSION_MS);
    await authRepo.insertSession(db, { idHash: hashToken(token), userId, expiresAt, ...meta });
    return { token, expiresAt };
  }

  /** Runs the password check even for unknown accounts so both fail alike, in body and in time. */
  async function checkPassword(user: UserRow | undefined, password: string): Promise<boolean> {
    const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);
    return Boolean(user) && ok;
  }

  return {
    async register(input: TRegister): Promise<TUser> {
      assertUncommon(input.password);
      const user = await accounts.create({
        username: input.username,
        email: input.email,
        fullName: input.fullName,
        passwordHash: await hashPassword(input.password),
        role: 'general', // spec section 6: self-registration is always general
      });
      await sendVerification(user);
      return accounts.present(user);
    },

    async resendVerification(email: string): Promise<string> {
      const user = await accounts.findByEmail(email);
      if (user && !user.emailVerified) await sendVerification(user);
      return VERIFICATION_SENT;
    },

    async verifyEmail(token: string): Promise<void> {
      const userId = await authRepo.consumeToken(db, hashToken(token), 'verify_email', now());
      if (!userId) {
        throw new AppError('TOKEN_INVALID', 'This verification link is invalid, used or expired. Request a new one.');
      }
      await accounts.markEmailVerified(userId);
    },

    /**
     * Login by username (or email). A previous session of this browser is ended first:
     * the id rotates on every login.
     */
    async login(input: TLogin, meta: ClientMeta, previousToken?: string) {
      const user =
        (await accounts.findByUsername(input.username)) ??
        (input.username.includes('@') ? await accounts.findByEmail(input.username) : undefined);
      const ok = await checkPassword(user, input.password);
      // Admins sign in only at /admin: here they get the same answer as a wrong password.
      if (!ok || !user || user.role === 'admin') throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
      if (!user.emailVerified) {
        throw new AppError('EMAIL_NOT_VERIFIED', 'Please verify your email before logging in.');
      }
      if (previousToken) await authRepo.deleteSession(db, hashToken(previousToken));
      return { user: await accounts.present(user), ...(await startSession(user.id, meta)) };
    },

    async adminLogin(input: TAdminLogin, meta: ClientMeta, previousToken?: string) {
      const user = await accounts.findByEmail(input.email);
      const ok = await checkPassword(user, input.password);
      if (!ok || !user || user.role !== 'admin') {
        const message = 'Invalid email or password';
        throw new AppError('INVALID_CREDENTIALS', message, undefined, { message });
      }
      if (previousToken) await authRepo.deleteSession(db, hashToken(previousToken));
      return { user: await accounts.present(user), ...(await startSession(user.id, meta)) };
    },

    /** The user behind a session cookie, or undefined when it is unknown or expired. */
    async authenticate(token: string) {
      const found = await authRepo.findLiveSession(db, hashToken(token), now());
      if (!found) return undefined;
      return { user: accounts.presentLoaded(found.user, found.suspension), expiresAt: found.expiresAt };
    },

    async extend(token: string): Promise<Date> {
      const expiresAt = new Date(now().getTime() + SESSION_MS);
      await authRepo.extendSession(db, hashToken(token), expiresAt, now());
      return expiresAt;
    },

    logout: (token: string) => authRepo.deleteSession(db, hashToken(token)),

    async requestPasswordReset(email: string): Promise<string> {
      const user = await accounts.findByEmail(email);
      if (user) {
        const token = await issueToken(user.id, 'reset_password', RESET_TOKEN_HOURS);
        const link = `${appUrl}/reset-password?token=${token}`;
        await sendSafely(() => mailer.send(resetMail(user.email, user.fullName, link)), 'password reset');
      }
      return RESET_SENT;
    },

    /** Sets the new password and ends every session of the user, everywhere. */
    async resetPassword(input: TResetPassword): Promise<string> {
      assertUncommon(input.password);
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        const userId = await authRepo.consumeToken(tx, hashToken(input.token), 'reset_password', now());
        if (!userId) {
          throw new AppError('TOKEN_INVALID', 'This reset link is invalid, used or expired. Request a new one.');
        }
        await accounts.setPasswordHash(userId, passwordHash, tx);
        // Following the mailed link proves the address, as verification would.
        await accounts.markEmailVerified(userId, tx);
        await authRepo.deleteUserSessions(tx, userId);
      });
      return 'Your password has been reset. You can now log in.';
    },

    purgeExpiredSessions: () => authRepo.deleteExpiredSessions(db, now()),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
