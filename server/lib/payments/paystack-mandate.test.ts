import { describe, expect, it } from 'vitest';
import { openAuthorization, sealAuthorization } from './paystack-mandate';

describe('a sealed Paystack authorization', () => {
  const auth = { code: 'AUTH_abc123', email: 'ada@example.com' };

  it('opens with the same secret key and shows neither the code nor the email', () => {
    const sealed = sealAuthorization('sk_test_one', auth);
    expect(sealed).not.toContain('AUTH_abc123');
    expect(sealed).not.toContain('ada@');
    expect(openAuthorization('sk_test_one', sealed)).toEqual(auth);
  });

  it('does not open with another key, or once altered', () => {
    const sealed = sealAuthorization('sk_test_one', auth);
    expect(openAuthorization('sk_test_two', sealed)).toBeUndefined();
    const [prefix, iv, body, tag] = sealed.split('.');
    // The first character: all six of its bits are ciphertext (a last one may carry unused bits).
    const flipped = (body![0] === 'A' ? 'B' : 'A') + body!.slice(1);
    expect(openAuthorization('sk_test_one', [prefix, iv, flipped, tag].join('.'))).toBeUndefined();
    expect(openAuthorization('sk_test_one', 'AUTH_abc123')).toBeUndefined();
  });
});
