import { describe, expect, it } from 'vitest';
import { ZLogin, ZNewPasswordForm, ZRegister, ZRegisterForm, ZRequestReset } from './auth.schemas';

const messages = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  Object.fromEntries((r.error?.issues ?? []).map((i) => [i.path.join('.'), i.message]));

const valid = {
  username: 'ada_o',
  password: 'secret1',
  confirmPassword: 'secret1',
  email: 'ada@example.com',
  fullName: 'Ada Obi',
  agreeToTerms: true,
};

describe('auth schemas (spec section 5)', () => {
  it('gives the login messages', () => {
    expect(messages(ZLogin.safeParse({ username: 'ab', password: '12345' }))).toEqual({
      username: 'Username must be at least 3 characters',
      password: 'Password must be at least 6 characters',
    });
  });

  it('gives the register messages, with the mismatch on confirmPassword', () => {
    expect(ZRegisterForm.safeParse(valid).success).toBe(true);
    expect(messages(ZRegisterForm.safeParse({ ...valid, confirmPassword: 'secret2' }))).toEqual({
      confirmPassword: 'Passwords do not match',
    });
    expect(messages(ZRegisterForm.safeParse({ ...valid, email: 'x@', fullName: 'Al', agreeToTerms: false }))).toEqual({
      email: 'Please enter a valid email address',
      fullName: 'Full name must be at least 3 characters',
      agreeToTerms: 'You must agree to the Terms and Conditions and Privacy Policy',
    });
  });

  it('requires agreeToTerms to be exactly true in the API body', () => {
    const { confirmPassword: _c, ...body } = valid;
    expect(ZRegister.safeParse(body).success).toBe(true);
    expect(ZRegister.safeParse({ ...body, agreeToTerms: 'true' }).success).toBe(false);
  });

  it('checks reset emails and new passwords', () => {
    expect(messages(ZRequestReset.safeParse({ email: 'nope' }))).toEqual({
      email: 'Please enter a valid email address',
    });
    expect(messages(ZNewPasswordForm.safeParse({ password: 'secret1', confirmPassword: 'secret9' }))).toEqual({
      confirmPassword: 'Passwords do not match',
    });
  });
});
