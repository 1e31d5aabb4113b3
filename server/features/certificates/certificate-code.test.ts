import { describe, expect, it } from 'vitest';
import { CERTIFICATE_CODE, CODE_ALPHABET, newCertificateCode, normaliseCode } from './certificate-code';

describe('certificate codes', () => {
  it('look like BLET-XXXX-XXXX, from 32 unambiguous characters', () => {
    expect(CODE_ALPHABET).toHaveLength(32);
    expect(CODE_ALPHABET).not.toMatch(/[01OI]/);
    for (let i = 0; i < 200; i++) expect(newCertificateCode()).toMatch(CERTIFICATE_CODE);
  });

  it('differ from one another', () => {
    const codes = new Set(Array.from({ length: 2_000 }, newCertificateCode));
    expect(codes.size).toBe(2_000);
  });

  it('accept the way people type them', () => {
    expect(normaliseCode('  blet-ab2c-9xyz ')).toBe('BLET-AB2C-9XYZ');
  });
});
