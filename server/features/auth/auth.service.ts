import type { Db, DbOrTx } from '#server/db/client';
import { transaction } from '#server/db/transaction';
import { AppError } from '#server/lib/errors';
import type { QueueService } from '#server/queue/queue.service';
import type { Mail, Mailer } from '#server/lib/mailer';
import { resetMail, verificationMail } from '#server/lib/mail-templates';
import {
  COMMON_PASSWORD_MESSAGE,
  decoyHash,
  hashPassword,
  isCommonPassword,
  verifyPassword,
} from '#server/lib/passwords';
import { hashToken, newToken } from '#server/lib/tokens';
import { RESET_TOKEN_HOURS, SESSION_MINUTES, VERIFY_TOKEN_HOURS } from '#shared/constants';
import type { TAdminLogin, TLogin, TRegister, TResetPassword } from '#shared/auth/auth.schemas';
import type { TTwoFactorLogin } from '#shared/auth/two-factor.schemas';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { AccountsService } from '../accounts';
import type { UserRow } from '../accounts';
import { authRepo, type TokenPurpose } from './auth.repo';
import { mailLinkJob } from './auth.queue';
import { createLoginGuard } from './login-guard';
import { LAST_SEEN_EVERY_MS, securityRepo } from './security.repo';
import { CURRENT_VERSIONS } from './security.service';
import { createSignInLinks, type SignedIn } from './sign-in-link.service';
import { createTwoFactor } from './two-factor.service';

const HOUR = 3_600_000;
export const SESSION_MS = SESSION_MINUTES * 60_000;

export interface ClientMeta {
  ip: string | null;
  userAgent: string | null;
}

export interface AuthDeps {
  db: Db;
  accounts: AccountsService;
  jobs: QueueService;
  /** Sends the link mails from the `auth.mail-link` job, which issues their tokens as it runs. */
  mailer: Mailer;
  appUrl: string;
  now: () => Date;
  /** Multiplies the failed sign-in limits: tests of other things raise it, never production. */
  limitScale: number;
}

/** What a sign-in knows of the browser besides the form: its address and cookies. */
export interface SignInContext {
  meta: ClientMeta;
  /** The browser's current session cookie, ended by the new sign-in. */
  previousToken?: string;
  /** The device cookie of an earlier sign-in, if any. */
  deviceToken?: string;
}

/**
 * A link mail of another feature sent through the `auth.mail-link` job (privacy's guardian
 * consent): `prepare` answers how to write the mail for a token, or nothing to send nothing.
 */
export interface LinkMail {
  hours: number;
  prepare(user: UserRow): Promise<((token: string) => Mail) | undefined>;
}

/**
 * Told of every sign-in (privacy: a sign-in in the grace period cancels a deletion); a sentence it
 * answers is shown to the member as they arrive (issue 26).
 */
export type SignInListener = (userId: string) => Promise<string | void>;

/** Answer to requests whose result must not reveal whether an account exists. */
const RESET_SENT = 'If an account exists for that email, a reset link has been sent.';
const VERIFICATION_SENT = 'If that account is waiting for verification, a new link has been sent.';
const INVALID_CREDENTIALS = 'Invalid credentials';
const CHALLENGE_ENDED = 'This sign-in has expired. Enter your email and password again.';
const WRONG_CODE =
  'That code is not right. Type the current code from your authenticator app, or an unused recovery code.';

/** Admin-login failures also carry `message`, which the spec's admin client reads. */
const adminError = (code: 'INVALID_CREDENTIALS' | 'TOKEN_INVALID', message: string) =>
  new AppError(code, message, undefined, { message });

export function createAuthService(deps: AuthDeps) {
  const { db, accounts, jobs, mailer, appUrl, now } = deps;
  const guard = createLoginGuard({ db, now, scale: deps.limitScale });
  const linkMails = new Map<TokenPurpose, LinkMail>();
  const signInListeners: SignInListener[] = [];
  const twoFactor = createTwoFactor({ db, now });

  function assertUncommon(password: string) {
    if (isCommonPassword(password)) {
      throw new AppError('VALIDATION_FAILED', COMMON_PASSWORD_MESSAGE, { password: COMMON_PASSWORD_MESSAGE });
    }
  }

  /** A new token for the user; the older unused ones of the same purpose stop working. */
  async function issueToken(tx: DbOrTx, userId: string, purpose: TokenPurpose, hours: number): Promise<string> {
    const token = newToken();
    await authRepo.retireTokens(tx, userId, purpose, now());
    await authRepo.insertToken(tx, {
      tokenHash: hashToken(token),
      userId,
      purpose,
      expiresAt: new Date(now().getTime() + hours * HOUR),
    });
    return token;
  }

  /**
   * The link mail is a job of the caller's transaction: it exists exactly when the change that
   * asked for it does, and a mail server that is down delays it, never loses it. The job carries
   * no token (see `mailLinkJob`).
   */
  const queueLinkMail = (tx: DbOrTx, userId: string, purpose: TokenPurpose) =>
    jobs.send(tx, mailLinkJob, { userId, purpose });

  async function startSession(userId: string, meta: ClientMeta) {
    const token = newToken();
    const expiresAt = new Date(now().getTime() + SESSION_MS);
    // Created and last seen on the app's clock, as the once-a-minute last-seen write compares them.
    await authRepo.insertSession(db, {
      idHash: hashToken(token),
      userId,
      expiresAt,
      createdAt: now(),
      lastSeenAt: now(),
      ...meta,
    });
    return { token, expiresAt };
  }

  /** Runs the password check even for unknown accounts so both fail alike, in body and in time. */
  async function checkPassword(user: UserRow | undefined, password: string): Promise<boolean> {
    const ok = await verifyPassword(user?.passwordHash ?? (await decoyHash()), password);
    return Boolean(user) && ok;
  }

  /**
   * The password check behind the failed-attempt limits: `accepted` says whether this account
   * may sign in here with this password. Every refusal counts as a failure (a right password on
   * the wrong door too, so the counts never hint that a password was right).
   */
  async function guardedCheck(
    user: UserRow | undefined,
    typed: string,
    password: string,
    ctx: SignInContext,
    accepted: (u: UserRow) => boolean,
  ) {
    const ticket = await guard.begin({
      account: user ? `user:${user.id}` : `name:${typed.trim().toLowerCase()}`,
      userId: user?.id,
      address: ctx.meta.ip ?? 'unknown',
      deviceToken: ctx.deviceToken,
    });
    const ok = (await checkPassword(user, password)) && user !== undefined && accepted(user);
    if (ok) await ticket.succeeded();
    return ok ? user : undefined;
  }

  async function signIn(user: UserRow, ctx: SignInContext): Promise<SignedIn> {
    if (ctx.previousToken) await authRepo.deleteSession(db, hashToken(ctx.previousToken));
    const session = await startSession(user.id, ctx.meta);
    const deviceToken = await guard.trustDevice(user.id, ctx.deviceToken);
    const notices: string[] = [];
    for (const listener of signInListeners) {
      const notice = await listener(user.id);
      if (notice) notices.push(notice);
    }
    const presented = await accounts.present(user);
    return { user: notices.length > 0 ? { ...presented, signInNotices: notices } : presented, ...session, deviceToken };
  }

  const signInLink = createSignInLinks({
    db,
    accounts,
    jobs,
    appUrl,
    now,
    queueLinkMail: (userId) => queueLinkMail(db, userId, 'sign_in_link'),
    signIn,
    trustDevice: guard.trustDevice,
    twoFactor,
  });
  linkMails.set('sign_in_link', signInLink.linkMail);

  return {
    twoFactor,
    /** The mailed one-time sign-in link for an owner locked out by strangers' guesses (decision 049). */
    signInLink,
    /** Another feature's link mail, sent by `sendLinkMail` through the same job and token table. */
    registerLinkMail(purpose: TokenPurpose, mail: LinkMail): void {
      linkMails.set(purpose, mail);
    },
    sendLinkMail: queueLinkMail,
    /** The member a live link of this purpose belongs to, without using it up (a page that shows before it confirms). */
    peekLink: (token: string, purpose: TokenPurpose, tx: DbOrTx = db) =>
      authRepo.findLiveToken(tx, hashToken(token), purpose, now()),
    /** Uses the link up, once: the member it belongs to, or undefined when invalid, used or expired. */
    consumeLink: (token: string, purpose: TokenPurpose, tx: DbOrTx = db) =>
      authRepo.consumeToken(tx, hashToken(token), purpose, now()),
    onSignIn(listener: SignInListener): void {
      signInListeners.push(listener);
    },
    /** Ends every session of the member (an erased account). */
    endSessions: (userId: string, tx: DbOrTx = db) => authRepo.deleteUserSessions(tx, userId),

    /** Signs up, recording the terms and privacy versions the form's tick accepted (decision 019). */
    async register(input: TRegister, meta: ClientMeta): Promise<TUser> {
      assertUncommon(input.password);
      const passwordHash = await hashPassword(input.password);
      const user = await transaction(db, async (tx) => {
        const created = await accounts.create(
          {
            username: input.username,
            email: input.email,
            fullName: input.fullName,
            passwordHash,
            role: 'general', // docs/spec.md §6: self-registration is always general
          },
          tx,
        );
        await securityRepo.insertConsents(tx, created.id, CURRENT_VERSIONS, meta, now());
        await queueLinkMail(tx, created.id, 'verify_email');
        return created;
      });
      return accounts.present(user);
    },

    async resendVerification(email: string): Promise<string> {
      const user = await accounts.findLiveByEmail(email);
      if (user && !user.emailVerified) await queueLinkMail(db, user.id, 'verify_email');
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
     * the id rotates on every login. The device cookie is renewed too.
     */
    async login(input: TLogin, ctx: SignInContext) {
      const found =
        (await accounts.findLiveByUsername(input.username)) ??
        (input.username.includes('@') ? await accounts.findLiveByEmail(input.username) : undefined);
      // Admins sign in only at /admin: here they get the same answer as a wrong password.
      const user = await guardedCheck(found, input.username, input.password, ctx, (u) => u.role !== 'admin');
      if (!user) throw new AppError('INVALID_CREDENTIALS', INVALID_CREDENTIALS);
      if (!user.emailVerified) {
        throw new AppError('EMAIL_NOT_VERIFIED', 'Please verify your email before logging in.');
      }
      return signIn(user, ctx);
    },

    /** The spec's admin sign-in; an admin with two-factor on gets a challenge for the code instead of a session. */
    async adminLogin(input: TAdminLogin, ctx: SignInContext) {
      const found = await accounts.findLiveByEmail(input.email);
      const user = await guardedCheck(found, input.email, input.password, ctx, (u) => u.role === 'admin');
      if (!user) throw adminError('INVALID_CREDENTIALS', 'Invalid email or password');
      if (await twoFactor.isOn(user.id))
        return { twoFactorRequired: true as const, challenge: await twoFactor.issueChallenge(user.id) };
      return signIn(user, ctx);
    },

    /** The code after the password: a wrong one counts as a failed sign-in of the account, as a wrong password does. */
    async adminLoginCode(input: TTwoFactorLogin, ctx: SignInContext) {
      const userId = await twoFactor.challengeOwner(input.challenge);
      const user = userId ? await accounts.findById(userId) : undefined;
      if (!user || user.deletedAt || user.role !== 'admin') throw adminError('TOKEN_INVALID', CHALLENGE_ENDED);
      const ticket = await guard.begin({
        account: `user:${user.id}`,
        userId: user.id,
        address: ctx.meta.ip ?? 'unknown',
        deviceToken: ctx.deviceToken,
      });
      if (!(await twoFactor.complete(user.id, input.challenge, input.code)))
        throw adminError('INVALID_CREDENTIALS', WRONG_CODE);
      await ticket.succeeded();
      return signIn(user, ctx);
    },

    /** The user behind a session cookie, or undefined when it is unknown or expired. */
    async authenticate(token: string) {
      const idHash = hashToken(token);
      const found = await authRepo.findLiveSession(db, idHash, now());
      if (!found) return undefined;
      // The sessions list's "last seen": one write a minute per session, not one per request.
      if (now().getTime() - found.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS)
        await securityRepo.touchSession(db, idHash, now());
      return {
        user: { ...accounts.presentLoaded(found.user, found.suspension), consentRequired: found.consentRequired },
        expiresAt: found.expiresAt,
      };
    },

    async extend(token: string): Promise<Date> {
      const expiresAt = new Date(now().getTime() + SESSION_MS);
      await authRepo.extendSession(db, hashToken(token), expiresAt, now());
      return expiresAt;
    },

    logout: (token: string) => authRepo.deleteSession(db, hashToken(token)),

    async requestPasswordReset(email: string): Promise<string> {
      const user = await accounts.findLiveByEmail(email);
      if (user) await queueLinkMail(db, user.id, 'reset_password');
      return RESET_SENT;
    },

    /**
     * Sets the new password and ends every session of the user, everywhere. The browser that
     * followed the mailed link becomes a trusted device: its owner gets in even while strangers
     * keep the account's sign-ins slowed down.
     */
    async resetPassword(input: TResetPassword, deviceToken?: string) {
      assertUncommon(input.password);
      const passwordHash = await hashPassword(input.password);
      const userId = await transaction(db, async (tx) => {
        const owner = await authRepo.consumeToken(tx, hashToken(input.token), 'reset_password', now());
        if (!owner) {
          throw new AppError('TOKEN_INVALID', 'This reset link is invalid, used or expired. Request a new one.');
        }
        await accounts.setPasswordHash(owner, passwordHash, tx);
        // Following the mailed link proves the address, as verification would.
        await accounts.markEmailVerified(owner, tx);
        await authRepo.deleteUserSessions(tx, owner);
        return owner;
      });
      return {
        message: 'Your password has been reset. You can now log in.',
        deviceToken: await guard.trustDevice(userId, deviceToken),
      };
    },

    /**
     * Run by the `auth.mail-link` job: issues the token and mails its link (to the pending new
     * address for a change of email). An account deleted (or, for verification, verified; for a
     * change, no longer waiting for one) since the request gets nothing. A retry after a failed
     * send issues a new token, retiring the one that never arrived.
     */
    async mailLink(userId: string, purpose: TokenPurpose): Promise<void> {
      const user = await accounts.findById(userId);
      if (!user || user.deletedAt || (purpose === 'verify_email' && user.emailVerified)) return;
      const other = linkMails.get(purpose);
      if (other) {
        const write = await other.prepare(user);
        if (write) await mailer.send(write(await issueToken(db, user.id, purpose, other.hours)));
        return;
      }
      const mail =
        purpose === 'verify_email'
          ? verificationMail(
              user.email,
              user.fullName,
              `${appUrl}/api/verify-email/direct?token=${await issueToken(db, user.id, purpose, VERIFY_TOKEN_HOURS)}`,
            )
          : resetMail(
              user.email,
              user.fullName,
              `${appUrl}/reset-password?token=${await issueToken(db, user.id, purpose, RESET_TOKEN_HOURS)}`,
            );
      await mailer.send(mail);
    },

    /** Run hourly by the `auth.purge-sessions` job: expired sessions, old failed sign-ins, forgotten devices. */
    async purgeStale(): Promise<void> {
      await authRepo.deleteExpiredSessions(db, now());
      await guard.purgeStale();
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
