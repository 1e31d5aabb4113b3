import { describe, expect, it } from 'vitest';
import { fillMonths, presentRevenue, revenueSince } from './payments.presenter';

describe('revenue months', () => {
  it('are the last twelve calendar months in West Africa Time, oldest first, zeros filled in', () => {
    const months = fillMonths(new Date('2026-06-10T10:00:00Z'), [
      { month: '2026-02', sales: 2, grossMinor: 3_000, feeMinor: 300 },
      { month: '2025-06', sales: 9, grossMinor: 9_000, feeMinor: 900 }, // outside the window: dropped
    ]);
    expect(months.map((m) => m.month)).toEqual([
      '2025-07',
      '2025-08',
      '2025-09',
      '2025-10',
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
    ]);
    expect(months[7]).toEqual({ month: '2026-02', sales: 2, grossMinor: 3_000, feeMinor: 300, netMinor: 2_700 });
    expect(months.filter((m) => m.sales === 0)).toHaveLength(11);
  });

  it('turn over at midnight in Lagos, an hour before midnight UTC, across a year end', () => {
    expect(fillMonths(new Date('2025-12-31T22:59:59Z'), []).at(-1)!.month).toBe('2025-12');
    const jan = fillMonths(new Date('2025-12-31T23:00:00Z'), []);
    expect([jan[0]!.month, jan.at(-1)!.month]).toEqual(['2025-02', '2026-01']);
  });

  it('start counting at midnight WAT on the first day of the oldest month', () => {
    expect(revenueSince(new Date('2026-06-10T10:00:00Z')).toISOString()).toBe('2025-06-30T23:00:00.000Z');
    expect(revenueSince(new Date('2026-01-01T00:30:00Z')).toISOString()).toBe('2025-01-31T23:00:00.000Z');
  });

  it('give a member without sales a year of zeros in naira; net is gross less fee', () => {
    const now = new Date('2026-06-10T10:00:00Z');
    const [ngn] = presentRevenue(now, [], []);
    expect(ngn).toMatchObject({ currency: 'NGN', sales: 0, grossMinor: 0, feeMinor: 0, netMinor: 0, refundedMinor: 0 });
    expect(ngn!.months).toHaveLength(12);
    const [usd] = presentRevenue(
      now,
      [{ currency: 'USD', sales: 1, grossMinor: 2_000, feeMinor: 250, refundedMinor: 0 }],
      [],
    );
    expect(usd).toMatchObject({ currency: 'USD', netMinor: 1_750 });
  });
});
