import { describe, expect, it } from 'vitest';
import { loadConfig } from './env';

describe('loadConfig', () => {
  it('fills the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '0.0.0.0',
      appUrl: 'http://localhost:3000',
      databaseUrl: undefined,
      smtpUrl: undefined,
      migrateOnStart: true,
    });
    expect(c.dataDir).toMatch(/\/data$/);
    expect(loadConfig({ MIGRATE_ON_START: 'false' }).migrateOnStart).toBe(false);
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid setting PORT: /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid setting DATABASE_URL: must start with postgres/],
    [{ SMTP_URL: 'http://x' }, /^Invalid setting SMTP_URL/],
    [{ ADMIN_EMAIL: 'a@b.ng' }, /^Invalid setting ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together/],
    [{ MIGRATE_ON_START: 'no' }, /^Invalid setting MIGRATE_ON_START: /],
    [{ CREDENTIAL_SIGNING_KEY: 'ssh-ed25519 AAAA' }, /^Invalid setting CREDENTIAL_SIGNING_KEY: must be an Ed25519/],
  ])('stops with one line naming the setting: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});

describe('TRUST_PROXY', () => {
  it.each([
    [undefined, false],
    ['false', false],
    ['0', false],
    ['true', 1],
    ['2', 2],
    ['10.0.0.0/8, 127.0.0.1', ['10.0.0.0/8', '127.0.0.1']],
    ['loopback,::1', ['loopback', '::1']],
  ])('reads %o as %o', (value, trust) => {
    expect(loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy).toEqual(trust);
  });

  it.each(['yes', 'all', '10.0.0.0/8, proxy.example.ng', '300.1.1.1'])('refuses %o with a sentence', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(
      /^Invalid setting TRUST_PROXY: must be true, false, the number of proxies/,
    );
  });
});

describe('payment settings', () => {
  it('uses the test gateway and a 10 % fee without keys', () => {
    expect(loadConfig({}).payments).toEqual({
      gateway: 'test',
      stripe: undefined,
      paystack: undefined,
      feePercent: 10,
    });
  });

  it('picks Stripe, then Paystack, from the keys; PAYMENT_GATEWAY wins', () => {
    const stripe = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };
    expect(loadConfig(stripe).payments.gateway).toBe('stripe');
    expect(loadConfig({ PAYSTACK_SECRET_KEY: 'sk_test_2' }).payments).toMatchObject({
      gateway: 'paystack',
      paystack: { secretKey: 'sk_test_2', apiBase: 'https://api.paystack.co' },
    });
    expect(
      loadConfig({ ...stripe, PAYSTACK_SECRET_KEY: 'sk_test_2', PAYMENT_GATEWAY: 'paystack' }).payments.gateway,
    ).toBe('paystack');
    expect(loadConfig({ PLATFORM_FEE_PERCENT: '12.5' }).payments.feePercent).toBe(12.5);
  });

  it.each([
    [
      { PAYMENT_GATEWAY: 'stripe' },
      /^Invalid setting PAYMENT_GATEWAY: the stripe gateway needs STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET/,
    ],
    [
      { STRIPE_SECRET_KEY: 'sk_test_1' },
      /^Invalid setting STRIPE_WEBHOOK_SECRET: STRIPE_SECRET_KEY needs STRIPE_WEBHOOK_SECRET/,
    ],
    [
      { STRIPE_SECRET_KEY: 'sk_test_1', PAYSTACK_SECRET_KEY: 'sk_test_2', PAYMENT_GATEWAY: 'paystack' },
      /^Invalid setting STRIPE_WEBHOOK_SECRET/,
    ],
    [
      { PAYMENT_GATEWAY: 'paystack' },
      /^Invalid setting PAYMENT_GATEWAY: the paystack gateway needs PAYSTACK_SECRET_KEY/,
    ],
    [
      { NODE_ENV: 'production' },
      /^Invalid setting PAYMENT_GATEWAY: set STRIPE_SECRET_KEY or PAYSTACK_SECRET_KEY, or PAYMENT_GATEWAY=test/,
    ],
    [
      { STRIPE_SECRET_KEY: 'pk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' },
      /^Invalid setting STRIPE_SECRET_KEY: must be a secret key/,
    ],
    [
      { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'abc' },
      /^Invalid setting STRIPE_WEBHOOK_SECRET: must be the webhook signing secret/,
    ],
    [{ PAYSTACK_SECRET_KEY: 'pk_test_1' }, /^Invalid setting PAYSTACK_SECRET_KEY: must be a secret key/],
    [{ PLATFORM_FEE_PERCENT: '101' }, /^Invalid setting PLATFORM_FEE_PERCENT: must be between 0 and 100/],
    [{ PAYSTACK_API_BASE: 'ftp://x' }, /^Invalid setting PAYSTACK_API_BASE/],
  ])('refuses %o with one line', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });

  it('reads a blank setting as unset: the default fee, not 0 %', () => {
    expect(
      loadConfig({ PLATFORM_FEE_PERCENT: '', STRIPE_SECRET_KEY: ' ', PAYMENT_GATEWAY: '' }).payments,
    ).toMatchObject({ gateway: 'test', feePercent: 10 });
  });

  it('lets production take test payments only when asked to', () => {
    expect(loadConfig({ NODE_ENV: 'production', PAYMENT_GATEWAY: 'test' }).payments.gateway).toBe('test');
  });
});

describe('storage settings', () => {
  const s3 = { S3_BUCKET: 'uploads', S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' };

  it('keeps uploads on disk without S3 settings, with the default quotas', () => {
    const c = loadConfig({});
    expect(c.s3).toBeUndefined();
    expect(c.uploadQuotas).toEqual({ memberBytes: 250 * 1024 * 1024, tutorBytes: 20_480 * 1024 * 1024 });
  });

  it('uses the bucket when bucket and keys are given', () => {
    const c = loadConfig({
      ...s3,
      S3_ENDPOINT: 'http://127.0.0.1:9000',
      S3_FORCE_PATH_STYLE: 'true',
      S3_PREFIX: 'blet',
    });
    expect(c.s3).toEqual({
      bucket: 'uploads',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      accessKeyId: 'key',
      secretAccessKey: 'secret',
      forcePathStyle: true,
      prefix: 'blet/',
    });
  });

  it.each([
    { S3_BUCKET: 'uploads' },
    { S3_ACCESS_KEY_ID: 'key', S3_SECRET_ACCESS_KEY: 'secret' },
    { ...s3, S3_BUCKET: '' },
  ])('stops on half an S3 configuration: %o', (env) => {
    expect(() => loadConfig(env)).toThrow(
      /^Invalid setting S3_BUCKET: S3 storage needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together/,
    );
  });
});
