import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayError } from '#server/lib/payments/gateway';
import { startFakePaystack, type FakePaystack } from '#server/test/fake-paystack';
import { silentLog } from '#server/test/silent-log';
import type { PayoutGateway } from './payout-gateway';
import { createPaystackPayoutGateway, TRANSFER_FAILED, TRANSFER_REFUSED, TRANSFER_REVERSED } from './paystack-payouts';

/** The Paystack payout adapter over HTTP against the local Paystack-compatible server. */
let fake: FakePaystack;
let clock = new Date();
let gateway: PayoutGateway;
const connect = (secretKey = fake.secretKey, apiBase = fake.url) =>
  createPaystackPayoutGateway({ secretKey, apiBase }, { now: () => clock, log: silentLog });
const payee = { bankCode: '058', accountNumber: '0123456789', name: 'PAYSTACK HOLDER 6789' };
const asked = (what: string) => fake.requests.filter((r) => r === what).length;

beforeAll(async () => {
  fake = await startFakePaystack();
  gateway = connect();
});
afterAll(() => fake.close());

describe('paystack payouts', () => {
  it('lists the active Nigerian banks by name, page after page, and asks again only a day later', async () => {
    fake.transferState.bankPageLimit = 4;
    const banks = await gateway.banks();
    expect(asked('GET /bank')).toBe(3);
    fake.transferState.bankPageLimit = 100;
    expect(banks).toContainEqual({ code: '058', name: 'Guaranty Trust Bank' });
    expect(banks.map((b) => b.code)).not.toContain('090999');
    expect(banks.map((b) => b.name)).toEqual([...banks.map((b) => b.name)].sort((a, b) => a.localeCompare(b)));
    const lists = asked('GET /bank');
    await gateway.banks();
    expect(asked('GET /bank')).toBe(lists);
    clock = new Date(clock.getTime() + 24 * 3_600_000 + 1);
    await gateway.banks();
    expect(asked('GET /bank')).toBe(lists + 1);
  });

  it('resolves the holder’s name; an unknown number is null, a refused key an error', async () => {
    expect(await gateway.resolve('058', '0123456789')).toBe('PAYSTACK HOLDER 6789');
    expect(await gateway.resolve('058', '0000000000')).toBeNull();
    const err = await connect('sk_test_wrongwrongwrong')
      .resolve('058', '0123456789')
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect((err as GatewayError).retryable).toBe(false);
  });

  it('makes one transfer recipient per account (type nuban)', async () => {
    const code = await gateway.recipients!.create(payee);
    expect(code).toMatch(/^RCP_/);
    expect(fake.recipients.get(code)).toMatchObject({
      type: 'nuban',
      details: { account_number: '0123456789', bank_code: '058' },
    });
    expect(await gateway.recipients!.create(payee)).toBe(code);
    expect(gateway.recipients!.scope).toBe('paystack:test');
  });

  it('transfers in kobo under our reference: pending is processing, then verify reads the bank’s answer', async () => {
    const recipientCode = await gateway.recipients!.create(payee);
    const reference = randomUUID();
    expect(await gateway.transfer({ ...payee, reference, amountMinor: 497_500, recipientCode })).toEqual({
      status: 'processing',
    });
    expect(fake.transfers.get(reference)).toMatchObject({ amount: 497_500, currency: 'NGN', status: 'pending' });
    fake.settleTransfer(reference, 'success');
    expect(await gateway.status(reference)).toEqual({ status: 'paid' });
    fake.settleTransfer(reference, 'reversed');
    expect(await gateway.status(reference)).toEqual({ status: 'reversed', reason: TRANSFER_REVERSED });
    expect(await gateway.status(randomUUID())).toBeUndefined();
  });

  it('sent again under the same reference reads the first transfer instead of making a second', async () => {
    const recipientCode = await gateway.recipients!.create(payee);
    const reference = randomUUID();
    fake.transferState.loseNextAnswer = true;
    const lost = await gateway
      .transfer({ ...payee, reference, amountMinor: 100_000, recipientCode })
      .catch((e: unknown) => e);
    expect(lost).toBeInstanceOf(GatewayError);
    expect((lost as GatewayError).retryable).toBe(true);
    fake.settleTransfer(reference, 'failed');
    expect(await gateway.transfer({ ...payee, reference, amountMinor: 100_000, recipientCode })).toEqual({
      status: 'failed',
      reason: TRANSFER_FAILED,
    });
    expect([...fake.transfers.values()].filter((t) => t.reference === reference)).toHaveLength(1);
  });

  it('a refused transfer it never made fails with a sentence for the member', async () => {
    const recipientCode = await gateway.recipients!.create(payee);
    const balance = fake.transferState.balance;
    fake.transferState.balance = 0;
    try {
      expect(
        await gateway.transfer({ ...payee, reference: randomUUID(), amountMinor: 100_000, recipientCode }),
      ).toEqual({ status: 'failed', reason: TRANSFER_REFUSED });
    } finally {
      fake.transferState.balance = balance;
    }
  });

  it('an unreachable Paystack is a retryable error', async () => {
    const err = await connect(fake.secretKey, 'http://127.0.0.1:9')
      .status(randomUUID())
      .catch((e: unknown) => e);
    expect(err).toBeInstanceOf(GatewayError);
    expect((err as GatewayError).retryable).toBe(true);
  });
});
