import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatCurrency, formatNumber, plural } from './format';
import { formatAmount, formatMoney } from './money';

describe('one formatter, en-NG', () => {
  it('writes naira as ₦25,000, with kobo only when there are any', () => {
    expect(formatCurrency(25_000, 'NGN')).toBe('₦25,000');
    expect(formatCurrency(2_500.5, 'NGN')).toBe('₦2,500.50');
    expect(formatCurrency(2_500.5, 'NGN', { whole: true })).toBe('₦2,501');
    expect(formatCurrency(1_250_000, 'NGN', { compact: true })).toBe('₦1.3M');
    expect(formatAmount(2_500_000)).toBe('₦25,000');
    expect(formatAmount(250_050)).toBe('₦2,500.50');
    expect(formatMoney(0)).toBe('Free');
  });

  it('writes other currencies the en-NG way', () => {
    expect(formatCurrency(40, 'USD')).toBe('US$40');
  });

  it('writes numbers grouped by thousands, and plurals with them', () => {
    expect(formatNumber(1_234_567)).toBe('1,234,567');
    expect(plural(1, 'lesson')).toBe('1 lesson');
    expect(plural(2_000, 'lesson')).toBe('2,000 lessons');
    expect(plural(3, 'person', 'people')).toBe('3 people');
  });

  it('writes dates as 27 Nov 2026, in the zone asked', () => {
    const late = new Date('2026-11-27T23:30:00Z');
    expect(formatCalendarDate(late, 'UTC')).toBe('27 Nov 2026');
    expect(formatCalendarDate(late, 'Africa/Lagos')).toBe('28 Nov 2026');
  });
});
