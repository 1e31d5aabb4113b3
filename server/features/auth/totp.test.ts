import { TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import {
  hashRecoveryCode,
  isTotpCode,
  matchStep,
  newRecoveryCode,
  newSalt,
  newTotpSecret,
  otpauthUri,
  recoveryCodeMatches,
} from './totp';

describe('app codes', () => {
  const secret = newTotpSecret();
  const totp = new TOTP({ secret, algorithm: 'SHA1', digits: 6, period: 30 });
  const at = new Date(Date.UTC(2026, 10, 24, 12, 0, 15));
  const step = Math.floor(at.getTime() / 30_000);
  const code = (offset: number) => totp.generate({ timestamp: at.getTime() + offset * 30_000 });

  it('accepts the current code and the steps either side, answering the step the code belongs to', () => {
    expect(matchStep(secret, code(0), at)).toBe(step);
    expect(matchStep(secret, code(-1), at)).toBe(step - 1);
    expect(matchStep(secret, code(1), at)).toBe(step + 1);
  });

  it('refuses codes two steps away, wrong codes and anything not six digits', () => {
    const near = new Set([code(-1), code(0), code(1)]);
    for (const far of [code(-2), code(2)]) if (!near.has(far)) expect(matchStep(secret, far, at)).toBeNull();
    const wrong = String((Number(code(0)) + 1) % 1_000_000).padStart(6, '0');
    if (!near.has(wrong)) expect(matchStep(secret, wrong, at)).toBeNull();
    expect(matchStep(secret, 'abcdef', at)).toBeNull();
    expect(matchStep(secret, '1234567', at)).toBeNull();
  });

  it('reads a code typed with a space in the middle', () => {
    const c = code(0);
    expect(matchStep(secret, `${c.slice(0, 3)} ${c.slice(3)}`, at)).toBe(step);
    expect(isTotpCode(`${c.slice(0, 3)} ${c.slice(3)}`)).toBe(true);
  });

  it('writes an otpauth:// URI an app reads: issuer, label, secret, SHA-1, 6 digits, 30 s', () => {
    const uri = new URL(otpauthUri(secret, 'ada@example.com'));
    expect(uri.protocol).toBe('otpauth:');
    expect(uri.searchParams.get('secret')).toBe(secret);
    expect(uri.searchParams.get('issuer')).toBe('Build. Learn. Earn. Thrive.');
    expect(uri.searchParams.get('algorithm')).toBe('SHA1');
    expect(uri.searchParams.get('digits')).toBe('6');
    expect(uri.searchParams.get('period')).toBe('30');
    expect(decodeURIComponent(uri.pathname)).toContain('ada@example.com');
  });
});

describe('recovery codes', () => {
  it('are random, readable and not taken for app codes', () => {
    const codes = Array.from({ length: 50 }, newRecoveryCode);
    expect(new Set(codes).size).toBe(50);
    for (const c of codes) {
      expect(c).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
      expect(isTotpCode(c)).toBe(false);
    }
  });

  it('match their salted hash however they are typed, and nothing else does', () => {
    const code = newRecoveryCode();
    const salt = newSalt();
    const hash = hashRecoveryCode(code, salt);
    expect(recoveryCodeMatches(code, salt, hash)).toBe(true);
    expect(recoveryCodeMatches(` ${code.toUpperCase().replace(/-/g, ' ')} `, salt, hash)).toBe(true);
    expect(recoveryCodeMatches(newRecoveryCode(), salt, hash)).toBe(false);
    // The salt is the code's own: the same code under another salt hashes differently.
    expect(hashRecoveryCode(code, newSalt())).not.toBe(hash);
  });
});
