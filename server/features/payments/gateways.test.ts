import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/env';
import type { Db } from '#server/db/client';
import { createGateways } from './gateways';

const deps = { db: {} as Db, appUrl: 'http://localhost:3000', now: () => new Date() };
const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_WEBHOOK_SECRET: 'whsec_1' };

describe('createGateways', () => {
  it('sends new checkouts to the test gateway without keys, and opens its checkout page', () => {
    const g = createGateways(loadConfig({}).payments, deps);
    expect(g.active.name).toBe('test');
    expect(g.test).toBe(g.active);
  });

  it('with real keys: no test checkout page, but the test books stay readable for old test payments', () => {
    const g = createGateways(loadConfig({ ...stripeKeys, PAYSTACK_SECRET_KEY: 'sk_test_2' }).payments, deps);
    expect(g.active.name).toBe('stripe');
    expect(g.test).toBeUndefined();
    expect(g.get('test')?.name).toBe('test');
    expect(g.get('paystack')?.name).toBe('paystack');
    expect(g.get('nope')).toBeUndefined();
  });
});
