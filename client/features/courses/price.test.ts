import { describe, expect, it } from 'vitest';
import { koboToNaira, nairaToKobo, priceError } from './price';

describe('nairaToKobo', () => {
  it.each([
    ['', 0],
    ['0', 0],
    ['15000', 1_500_000],
    ['15,000', 1_500_000],
    ['₦ 15,000', 1_500_000],
    ['2500.5', 250_050],
    ['2500.50', 250_050],
    ['19.99', 1999],
    ['0.01', 1],
  ])('%j is %d kobo', (text, kobo) => {
    expect(nairaToKobo(text)).toBe(kobo);
  });

  it.each(['-5', 'abc', '1.234', '1.2.3', '1e5', '12a'])('%j is not a price', (text) => {
    expect(nairaToKobo(text)).toBeNull();
  });
});

describe('koboToNaira', () => {
  it.each([
    [0, '0'],
    [1, '0.01'],
    [1999, '19.99'],
    [250_050, '2500.50'],
    [1_500_000, '15000'],
  ])('%d kobo shows %j', (kobo, text) => {
    expect(koboToNaira(kobo)).toBe(text);
  });

  it('round-trips', () => {
    for (const kobo of [0, 5, 99, 100, 12_345, 1_500_000, 10_000_000_000])
      expect(nairaToKobo(koboToNaira(kobo))).toBe(kobo);
  });
});

describe('priceError', () => {
  it('accepts prices and explains the rest', () => {
    expect(priceError('15,000')).toBeUndefined();
    expect(priceError('abc')).toMatch(/naira/);
    expect(priceError('999999999999')).toBe('The price is too high');
  });
});
