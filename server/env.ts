import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import type { IceConfig } from './features/calls';

/**
 * Every setting, parsed once. Nothing else reads process.env (docs/ARCHITECTURE.md rule 7).
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

/** An address or CIDR of a trusted proxy, or one of proxy-addr's names for private ranges. */
function isProxyAddress(value: string): boolean {
  if (['loopback', 'linklocal', 'uniquelocal'].includes(value)) return true;
  const [ip = '', bits, ...rest] = value.split('/');
  return rest.length === 0 && isIP(ip) !== 0 && (bits === undefined || /^\d{1,3}$/.test(bits));
}

/** A comma-separated list, trimmed, empty items left out (none when unset). */
const commaList = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  );

/** A comma-separated list of ICE server URLs of these schemes. */
const iceUrls = (schemes: string[]) =>
  commaList.refine((urls) => urls.every((u) => schemes.some((s) => u.startsWith(s))), {
    message: `must be URLs starting with ${schemes.join(' or ')}`,
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
    // 0 takes any free port (tests); unset serves no metrics at all.
    METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
    METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
    SHUTDOWN_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(1_000, 'must be at least 1000')
      .max(3_600_000, 'must be at most 3600000')
      .default(30_000),
    SHUTDOWN_DELAY_MS: z.coerce.number().int().min(0).max(600_000).default(0),
    // `true` trusts one proxy (the usual one in front), a number that many hops, a list the
    // proxies' own addresses. Never "all": a client could then pick its own address by sending
    // X-Forwarded-For, and with it a fresh rate limit at each request.
    TRUST_PROXY: z
      .string()
      .trim()
      .default('false')
      .refine((v) => /^(true|false|\d{1,2})$/.test(v) || v.split(',').every((p) => isProxyAddress(p.trim())), {
        message:
          'must be true, false, the number of proxies in front, or their addresses (comma-separated IPs or CIDRs)',
      })
      .transform((v): false | number | string[] =>
        v === 'false' || v === '0'
          ? false
          : v === 'true'
            ? 1
            : /^\d+$/.test(v)
              ? Number(v)
              : v.split(',').map((p) => p.trim()),
      ),
    ALLOWED_ORIGINS: commaList,
    PAYMENT_GATEWAY: z.enum(['test', 'stripe', 'paystack']).optional(),
    STRIPE_SECRET_KEY: z
      .string()
      .trim()
      .regex(/^(sk|rk)_/, 'must be a secret key (sk_… or rk_…), not a publishable key')
      .optional(),
    STRIPE_WEBHOOK_SECRET: z
      .string()
      .trim()
      .regex(/^whsec_/, 'must be the webhook signing secret (whsec_…)')
      .optional(),
    STRIPE_API_BASE: optionalUrl(['http://', 'https://']),
    PAYSTACK_SECRET_KEY: z.string().trim().regex(/^sk_/, 'must be a secret key (sk_…), not a public key').optional(),
    PAYSTACK_API_BASE: optionalUrl(['http://', 'https://']),
    JOBS_WORKER: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    MIGRATE_ON_START: z
      .enum(['true', 'false'])
      .default('true')
      .transform((v) => v === 'true'),
    PLATFORM_FEE_PERCENT: z.coerce
      .number()
      .min(0, 'must be between 0 and 100')
      .max(100, 'must be between 0 and 100')
      .default(10),
    // The platform's Ed25519 key for credentials (PKCS8 PEM or a private JWK); unset, one is made
    // once and kept in the database. A PEM in a .env file may carry its line breaks as \n.
    CREDENTIAL_SIGNING_KEY: z
      .string()
      .trim()
      .refine((v) => v.startsWith('-----BEGIN PRIVATE KEY-----') || v.startsWith('{'), {
        message: 'must be an Ed25519 private key as PKCS8 PEM (-----BEGIN PRIVATE KEY-----) or a JWK',
      })
      .optional(),
    S3_BUCKET: z.string().trim().optional(),
    S3_REGION: z.string().trim().default('us-east-1'),
    S3_ENDPOINT: optionalUrl(['http://', 'https://']),
    S3_ACCESS_KEY_ID: z.string().trim().optional(),
    S3_SECRET_ACCESS_KEY: z.string().trim().optional(),
    S3_FORCE_PATH_STYLE: z
      .enum(['true', 'false'])
      .default('false')
      .transform((v) => v === 'true'),
    S3_PREFIX: z
      .string()
      .trim()
      .regex(/^[\w./-]*$/, 'may hold only letters, digits and . _ / -')
      .default(''),
    UPLOAD_QUOTA_MB: z.coerce.number().int().min(1, 'must be at least 1').default(250),
    UPLOAD_QUOTA_TUTOR_MB: z.coerce.number().int().min(1, 'must be at least 1').default(20_480),
    SLOW_BODY_SECONDS: z.coerce.number().min(0.05, 'must be at least 0.05').max(600).default(10),
    STUN_URLS: iceUrls(['stun:', 'stuns:']),
    TURN_URLS: iceUrls(['turn:', 'turns:']),
    TURN_SECRET: z.string().trim().min(16, 'must be at least 16 characters').optional(),
    TURN_TTL_SECONDS: z.coerce
      .number()
      .int()
      .min(600, 'must be at least 600')
      .max(86_400, 'must be at most 86400')
      .default(14_400),
  })
  // TURN without its secret would hand out servers nobody can log in to.
  .refine((e) => e.TURN_URLS.length === 0 || e.TURN_SECRET, {
    message: 'TURN_URLS needs TURN_SECRET (coturn static-auth-secret)',
    path: ['TURN_SECRET'],
  })
  // Half an S3 configuration must not quietly fall back to the local disk of one machine.
  .refine((e) => s3Settings(e).every(Boolean) || !s3Settings(e).some(Boolean), {
    message: 'S3 storage needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together',
    path: ['S3_BUCKET'],
  })
  // Metrics tell how the platform runs and what it earns: never on the port the public reaches.
  .refine((e) => e.METRICS_PORT === undefined || e.METRICS_PORT === 0 || e.METRICS_PORT !== e.PORT, {
    message: 'must not be PORT: metrics are never served on the public port',
    path: ['METRICS_PORT'],
  })
  .refine((e) => e.SHUTDOWN_DELAY_MS < e.SHUTDOWN_TIMEOUT_MS, {
    message: 'must be shorter than SHUTDOWN_TIMEOUT_MS, which it counts within',
    path: ['SHUTDOWN_DELAY_MS'],
  })
  .refine((e) => Boolean(e.ADMIN_EMAIL) === Boolean(e.ADMIN_PASSWORD), {
    message: 'ADMIN_EMAIL and ADMIN_PASSWORD must be set together',
    path: ['ADMIN_PASSWORD'],
  })
  .refine((e) => gatewayOf(e) !== 'stripe' || e.STRIPE_SECRET_KEY, {
    message: 'the stripe gateway needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET',
    path: ['PAYMENT_GATEWAY'],
  })
  // Stripe stays configured for its past payments when another gateway takes new ones: its
  // webhooks still arrive and must be checkable.
  .refine((e) => !e.STRIPE_SECRET_KEY || e.STRIPE_WEBHOOK_SECRET, {
    message: 'STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET (the signing secret of the /api/webhooks/stripe endpoint)',
    path: ['STRIPE_WEBHOOK_SECRET'],
  })
  .refine((e) => gatewayOf(e) !== 'paystack' || e.PAYSTACK_SECRET_KEY, {
    message: 'the paystack gateway needs PAYSTACK_SECRET_KEY',
    path: ['PAYMENT_GATEWAY'],
  })
  // A production server left without keys must not hand out courses through the test gateway.
  .refine((e) => e.NODE_ENV !== 'production' || gatewayOf(e) !== 'test' || e.PAYMENT_GATEWAY === 'test', {
    message:
      'set STRIPE_SECRET_KEY or PAYSTACK_SECRET_KEY, or PAYMENT_GATEWAY=test to take test payments in production',
    path: ['PAYMENT_GATEWAY'],
  });

const MB = 1024 * 1024;

const s3Settings = (e: { S3_BUCKET?: string; S3_ACCESS_KEY_ID?: string; S3_SECRET_ACCESS_KEY?: string }) => [
  e.S3_BUCKET,
  e.S3_ACCESS_KEY_ID,
  e.S3_SECRET_ACCESS_KEY,
];

type PaymentGatewayName = 'test' | 'stripe' | 'paystack';

/** Explicit PAYMENT_GATEWAY wins; otherwise Stripe (the spec's) when keyed, then Paystack, then the test gateway. */
function gatewayOf(e: {
  PAYMENT_GATEWAY?: PaymentGatewayName;
  STRIPE_SECRET_KEY?: string;
  PAYSTACK_SECRET_KEY?: string;
}): PaymentGatewayName {
  if (e.PAYMENT_GATEWAY) return e.PAYMENT_GATEWAY;
  if (e.STRIPE_SECRET_KEY) return 'stripe';
  if (e.PAYSTACK_SECRET_KEY) return 'paystack';
  return 'test';
}

export interface PaymentsConfig {
  /** The gateway new checkouts go to. Payments already made are verified and refunded by their own. */
  gateway: PaymentGatewayName;
  stripe?: { secretKey: string; webhookSecret?: string; apiBase?: string };
  paystack?: { secretKey: string; apiBase: string };
  /** The platform's share of each sale, in percent. */
  feePercent: number;
}

/** An S3-compatible bucket for uploads (server/lib/storage). */
export interface S3Config {
  bucket: string;
  region: string;
  /** Another S3-compatible service (R2, MinIO, B2); AWS when absent. */
  endpoint?: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `endpoint/bucket/key` instead of `bucket.endpoint/key`: MinIO and most self-hosted servers. */
  forcePathStyle: boolean;
  /** Prepended to every key, to share a bucket with something else ('' or ending in /). */
  prefix: string;
}

export interface UploadQuotas {
  /** Bytes a member may keep stored, and a teaching member (course videos). */
  memberBytes: number;
  tutorBytes: number;
}

/** Prometheus text at http://host:port/metrics, a listener of its own (server/features/ops). */
export interface MetricsConfig {
  port: number;
  host: string;
}

/** The way out on SIGTERM (server/lib/process-lifecycle.ts). */
export interface ShutdownConfig {
  /** Readiness answers 503 while the process still serves this long, so that balancers stop sending first. */
  delayMs: number;
  /** The whole way out, delay included: past it the process exits with code 1. */
  timeoutMs: number;
}

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
  /** Served only when METRICS_PORT is set. */
  metrics?: MetricsConfig;
  shutdown: ShutdownConfig;
  /**
   * The reverse proxies in front that set X-Forwarded-For: how many (the client address is that
   * many hops back), or their addresses; false when clients connect directly.
   */
  trustProxy: false | number | string[];
  /** Origins allowed to make state-changing calls besides APP_URL (a native app shell). */
  allowedOrigins: string[];
  /** Where the built single-page app lives; absent in API-only test apps. */
  clientDir?: string;
  /** Multiplies every auth rate limit; tests of other things raise it, never production. */
  rateLimitScale: number;
  payments: PaymentsConfig;
  /** Uploads go to this bucket when set, to DATA_DIR/uploads otherwise. */
  s3?: S3Config;
  uploadQuotas: UploadQuotas;
  /** Whether this process takes background jobs (off when separate `npm run worker` processes do). */
  jobsWorker: boolean;
  /** Whether this process migrates the database at start (off when a release step runs `npm run migrate`). */
  migrateOnStart: boolean;
  /** STUN and TURN servers for video calls. */
  ice: IceConfig;
  /** A request body must bring 8 KB in each window of this length until complete (plugins/slow-bodies.ts). */
  slowBodyWindowMs: number;
  /** The credentials' signing key when set outside the database (PKCS8 PEM or JWK text). */
  credentialSigningKey?: string;
}

export class ConfigError extends Error {}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // `NAME=` in a .env file means "not set": a blank fee must not silently become 0 %.
  const parsed = ZEnv.safeParse(
    Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v.trim() !== '')),
  );
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
    metrics: e.METRICS_PORT === undefined ? undefined : { port: e.METRICS_PORT, host: e.METRICS_HOST },
    shutdown: { delayMs: e.SHUTDOWN_DELAY_MS, timeoutMs: e.SHUTDOWN_TIMEOUT_MS },
    trustProxy: e.TRUST_PROXY,
    allowedOrigins: e.ALLOWED_ORIGINS,
    clientDir: resolve('dist/client'),
    rateLimitScale: 1,
    jobsWorker: e.JOBS_WORKER,
    migrateOnStart: e.MIGRATE_ON_START,
    slowBodyWindowMs: e.SLOW_BODY_SECONDS * 1000,
    credentialSigningKey: e.CREDENTIAL_SIGNING_KEY?.replace(/\\n/g, '\n'),
    payments: {
      gateway: gatewayOf(e),
      stripe: e.STRIPE_SECRET_KEY
        ? { secretKey: e.STRIPE_SECRET_KEY, webhookSecret: e.STRIPE_WEBHOOK_SECRET, apiBase: e.STRIPE_API_BASE }
        : undefined,
      paystack: e.PAYSTACK_SECRET_KEY
        ? {
            secretKey: e.PAYSTACK_SECRET_KEY,
            apiBase: (e.PAYSTACK_API_BASE ?? 'https://api.paystack.co').replace(/\/+$/, ''),
          }
        : undefined,
      feePercent: e.PLATFORM_FEE_PERCENT,
    },
    s3:
      e.S3_BUCKET && e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? {
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            prefix: e.S3_PREFIX && !e.S3_PREFIX.endsWith('/') ? `${e.S3_PREFIX}/` : e.S3_PREFIX,
          }
        : undefined,
    uploadQuotas: { memberBytes: e.UPLOAD_QUOTA_MB * MB, tutorBytes: e.UPLOAD_QUOTA_TUTOR_MB * MB },
    ice: {
      stunUrls: e.STUN_URLS,
      turnUrls: e.TURN_URLS,
      turnSecret: e.TURN_SECRET,
      turnTtlSeconds: e.TURN_TTL_SECONDS,
    },
  };
}
