import { resolve } from 'node:path';
import { z } from 'zod';

/**
 * Every setting, parsed once. Nothing else reads process.env (ARCHITECTURE.md rule 7).
 * An invalid value stops the start with one line naming the setting.
 */
const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v ? v : undefined))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(p)), {
      message: `must start with ${protocols.join(' or ')}`,
    });

const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    DATABASE_URL: optionalUrl(['postgres://', 'postgresql://']),
    APP_URL: optionalUrl(['http://', 'https://']),
    SMTP_URL: optionalUrl(['smtp://', 'smtps://']),
    REDIS_URL: optionalUrl(['redis://', 'rediss://']),
    MAIL_FROM: z.string().min(3).default('Build. Learn. Earn. Thrive. <no-reply@localhost>'),
    ADMIN_EMAIL: z.email().optional(),
    ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    TRUST_PROXY: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    ALLOWED_ORIGINS: z
      .string()
      .default('')
      .transform((v) =>
        v
          .split(',')
          .map((s) => s.trim())
          .filter(Boolean),
      ),
  })
  .refine((e) => Boolean(e.ADMIN_EMAIL) === Boolean(e.ADMIN_PASSWORD), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  });

export interface Config {
  nodeEnv: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  appUrl: string;
  smtpUrl?: string;
  /** Shares realtime events between app processes; without it each process serves its own sockets. */
  redisUrl?: string;
  mailFrom: string;
  admin?: { email: string; password: string };
  logLevel: string;
  trustProxy: boolean;
  /** Origins allowed to make state-changing calls besides APP_URL (a native app shell). */
  allowedOrigins: string[];
  /** Where the built single-page app lives; absent in API-only test apps. */
  clientDir?: string;
  /** Multiplies every auth rate limit; tests of other things raise it, never production. */
  rateLimitScale: number;
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ZEnv.safeParse(source);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ConfigError(`Invalid setting ${String(issue.path[0] ?? '')}: ${issue.message}`);
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    appUrl: (e.APP_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    redisUrl: e.REDIS_URL,
    mailFrom: e.MAIL_FROM,
    admin: e.ADMIN_EMAIL && e.ADMIN_PASSWORD ? { email: e.ADMIN_EMAIL, password: e.ADMIN_PASSWORD } : undefined,
    logLevel: e.LOG_LEVEL,
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: e.ALLOWED_ORIGINS,
    clientDir: resolve('dist/client'),
    rateLimitScale: 1,
  };
}
