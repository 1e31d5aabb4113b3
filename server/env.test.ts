import { describe, expect, it } from 'vitest';
import { loadConfig } from './env';

describe('loadConfig', () => {
  it('fills the documented defaults', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({ port: 3000, host: '0.0.0.0', appUrl: 'http://localhost:3000', databaseUrl: undefined, smtpUrl: undefined });
    expect(c.dataDir).toMatch(/\/data$/);
  });

  it.each([
    [{ PORT: 'eighty' }, /^Invalid setting PORT: /],
    [{ DATABASE_URL: 'mysql://x' }, /^Invalid setting DATABASE_URL: must start with postgres/],
    [{ SMTP_URL: 'http://x' }, /^Invalid setting SMTP_URL/],
    [{ ADMIN_EMAIL: 'a@b.ng' }, /^Invalid setting ADMIN_PASSWORD: ADMIN_EMAIL and ADMIN_PASSWORD must be set together/],
  ])('stops with one line naming the setting: %o', (env, message) => {
    expect(() => loadConfig(env)).toThrow(message);
  });
});
