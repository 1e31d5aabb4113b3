import { describe, expect, it } from 'vitest';
import { maskUrl, serializeRequest } from './logger';

describe('maskUrl', () => {
  it('hides token-like query values and keeps the rest', () => {
    expect(maskUrl('/api/verify-email/direct?token=abc123&x=1')).toBe('/api/verify-email/direct?token=[masked]&x=1');
    expect(maskUrl('/reset-password?a=1&token=zzz')).toBe('/reset-password?a=1&token=[masked]');
    expect(maskUrl('/courses/1/payment/success?session_id=cs_123')).toBe(
      '/courses/1/payment/success?session_id=[masked]',
    );
    expect(maskUrl('/api/health')).toBe('/api/health');
  });
});

describe('serializeRequest', () => {
  it('keeps method, masked URL and address, and never copies headers', () => {
    const req = { method: 'GET', url: '/reset-password?token=abc', ip: '10.0.0.1', headers: { cookie: 'sid=secret' } };
    expect(serializeRequest(req)).toEqual({ method: 'GET', url: '/reset-password?token=[masked]', ip: '10.0.0.1' });
  });
});
