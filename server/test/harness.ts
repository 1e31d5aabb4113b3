import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyBaseLogger, FastifyInstance, LightMyRequestResponse } from 'fastify';
import { TestClock } from 'pg-boss';
import { buildPlatform, type BuildOptions, type PlatformServices } from '../app';
import type { Composed } from '../platform/compose';
import type { QueueService } from '../queue/queue.service';
import { loadConfig, type Config } from '../env';
import { createMailer } from '../lib/mailer';
import { hashPassword } from '../lib/passwords';
import type { TRole } from '#shared/roles';
import { startSmtpSink, type SmtpSink } from './smtp-sink';
import { openTestDatabase } from './test-db';
import { silentLog } from './silent-log';

export const APP_URL = 'http://localhost:3999';

/** The services the PostgreSQL run of the suite also has; tests that need them skip without. */
export const onPostgres = Boolean(process.env.TEST_DATABASE_URL);
export const testRedisUrl = process.env.REDIS_URL || undefined;

export interface Harness {
  app: FastifyInstance;
  /** Every area's services, by the names their modules give them (server/features/<area>/index.ts). */
  services: PlatformServices;
  /** The composed modules (tests of the module system and of the generated module table). */
  composed: Composed;
  smtp: SmtpSink;
  clock: { now: Date; advance(ms: number): void; reset(): void };
  /** Background jobs: nothing runs by itself in tests; `runDue()` runs what is due at `clock.now` (of these jobs only, if given). */
  jobs: Pick<QueueService, 'runDue'>;
  config: Config;
  close(): Promise<void>;
}

/**
 * buildApp() on the test file's own migrated database, mail going to a local SMTP server, a
 * clock the test can move. Rate limits are raised unless a test is about them.
 */
export async function createHarness(
  opts: {
    rateLimitScale?: number;
    /** Test-only routes, client events or room kinds (realtime's testing/test-realtime.ts), before ready. */
    routes?: (app: FastifyInstance, services: PlatformServices) => void;
    /** Handlers of the test's own jobs. */
    jobs?: (jobs: QueueService) => void;
    /** Share realtime events through this Redis (tests of several app processes). */
    redisUrl?: string;
    /** More settings, as in the environment (e.g. STRIPE_SECRET_KEY and STRIPE_API_BASE for a fake Stripe). */
    env?: Record<string, string>;
    /** A built client to serve (tests of static serving); none by default. */
    clientDir?: string;
    /** The areas to compose, for tests of the module system; the platform's list by default. */
    modules?: BuildOptions['modules'];
    /** Take jobs in this process as production does, on the real clock (tests of the way out); `runDue` is then unavailable. */
    worker?: boolean;
    /** The app's logger (tests of what is logged); none by default. */
    logger?: FastifyBaseLogger;
  } = {},
): Promise<Harness> {
  const database = await openTestDatabase();
  const smtp = await startSmtpSink();
  // The test file's own folder: uploads and the dev mailbox never meet another file's.
  const dataDir = mkdtempSync(join(tmpdir(), 'blet-test-'));
  const config: Config = {
    ...loadConfig({
      NODE_ENV: 'test',
      APP_URL,
      SMTP_URL: smtp.url,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...opts.env,
    }),
    clientDir: opts.clientDir,
    redisUrl: opts.redisUrl,
    rateLimitScale: opts.rateLimitScale ?? 1000,
    jobsWorker: opts.worker ?? false,
  };
  const clock = {
    now: new Date(),
    advance(ms: number) {
      this.now = new Date(this.now.getTime() + ms);
    },
    reset() {
      this.now = new Date();
    },
  };
  const mailer = createMailer({ smtpUrl: smtp.url, from: config.mailFrom, dataDir: config.dataDir, log: silentLog });
  const { app, services, composed } = await buildPlatform({
    config,
    database,
    mailer,
    now: () => clock.now,
    jobsClock: opts.worker ? undefined : new TestClock(clock.now),
    testJobs: opts.jobs,
    logger: opts.logger ?? false,
    modules: opts.modules,
  });
  opts.routes?.(app, services);
  await app.ready();
  return {
    app,
    services,
    composed,
    smtp,
    clock,
    jobs: { runDue: (only) => services.jobs.runDue(only) },
    config,
    async close() {
      await app.close();
      await smtp.close();
      await database.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What the factories below need: an app to call and the services (a harness, or a setup platform of the cluster test). */
export type HarnessCore = Pick<Harness, 'app' | 'services'>;

export const unique = (prefix = 'u') => `${prefix}${randomBytes(4).toString('hex')}`;

export const PASSWORD = 'Correct-Horse-9';

/**
 * Factory: a user straight into the database (verified unless told otherwise), an adult whose
 * date of birth is recorded, so that money steps pass the age gate (decision 020) unless a test
 * gives another date or `dateOfBirth: null`.
 */
export async function buildUser(
  h: HarnessCore,
  over: {
    role?: TRole;
    emailVerified?: boolean;
    password?: string;
    username?: string;
    fullName?: string;
    dateOfBirth?: string | null;
  } = {},
) {
  const username = over.username ?? unique('user');
  const password = over.password ?? PASSWORD;
  const user = await h.services.accounts.create({
    username,
    email: `${username}@example.com`,
    fullName: over.fullName ?? `Test ${username}`,
    passwordHash: await hashPassword(password),
    role: over.role ?? 'general',
    emailVerified: over.emailVerified ?? true,
  });
  if (over.dateOfBirth !== null) await h.services.privacy.recordBirthDate(user.id, over.dateOfBirth ?? '1990-01-01');
  return { ...user, password };
}

export function sessionCookie(res: LightMyRequestResponse): string {
  const cookie = res.cookies.find((c) => c.name === 'sid');
  if (!cookie) throw new Error(`no session cookie in ${res.statusCode} ${res.body}`);
  return `sid=${cookie.value}`;
}

/** Logs a user in and answers the Cookie header to send with later requests. */
export async function login(h: HarnessCore, username: string, password = PASSWORD): Promise<string> {
  const res = await h.app.inject({ method: 'POST', url: '/api/login', payload: { username, password } });
  return sessionCookie(res);
}

export async function adminLogin(h: HarnessCore, email: string, password = PASSWORD): Promise<string> {
  const res = await h.app.inject({ method: 'POST', url: '/api/admin/login', payload: { email, password } });
  return sessionCookie(res);
}
