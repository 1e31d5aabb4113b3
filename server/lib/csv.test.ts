import { describe, expect, it } from 'vitest';
import { nairaDecimal } from '#shared/wallet/earnings.schemas';
import { csvField, csvRow } from './csv';

describe('csvField', () => {
  it('quotes every field and doubles its quotes', () => {
    expect(csvField('Sale of "Excel", part 2')).toBe('"Sale of ""Excel"", part 2"');
    expect(csvField(null)).toBe('""');
    expect(csvField({ a: 1 })).toBe('"{""a"":1}"');
  });

  it('puts an apostrophe before text a spreadsheet would run', () => {
    for (const text of ['=1+1', '+1', '-1+1', '@SUM(A1)', '\tx', '\rx', '-', '-1e5'])
      expect(csvField(text)).toBe(`"'${text}"`);
  });

  it('leaves plain numbers, negative ones included, as numbers', () => {
    expect(csvField('-1500.50')).toBe('"-1500.50"');
    expect(csvField('-25000')).toBe('"-25000"');
    expect(csvField(42)).toBe('"42"');
  });

  it('ends a row with CRLF', () => {
    expect(csvRow(['a', 1])).toBe('"a","1"\r\n');
  });
});

describe('nairaDecimal', () => {
  it('writes kobo as naira with two decimals, without grouping', () => {
    expect(nairaDecimal(150_050)).toBe('1500.50');
    expect(nairaDecimal(-25_000)).toBe('-250.00');
    expect(nairaDecimal(5)).toBe('0.05');
    expect(nairaDecimal(-5)).toBe('-0.05');
    expect(nairaDecimal(0)).toBe('0.00');
    expect(nairaDecimal(123_456_789_01)).toBe('123456789.01');
  });
});
