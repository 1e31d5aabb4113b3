import { describe, expect, it } from 'vitest';
import { viewDay, viewerKey } from './job-views.repo';

describe('viewerKey', () => {
  const visitor = { ip: '102.89.1.1', userAgent: 'Mozilla/5.0 (Android 14)' };

  it('keys a member by id, a visitor by a hash that changes with the day and never shows the address', () => {
    expect(viewerKey({ memberId: 'abc' }, '2026-11-24')).toBe('m:abc');
    const today = viewerKey(visitor, '2026-11-24');
    expect(today).toMatch(/^v:[\w-]{43}$/);
    expect(today).not.toContain('102.89');
    expect(viewerKey(visitor, '2026-11-24')).toBe(today);
    expect(viewerKey(visitor, '2026-11-25')).not.toBe(today);
    expect(viewerKey({ ...visitor, userAgent: 'Safari' }, '2026-11-24')).not.toBe(today);
  });

  it('days are UTC days', () => {
    expect(viewDay(new Date('2026-11-24T23:30:00+01:00'))).toBe('2026-11-24');
    expect(viewDay(new Date('2026-11-25T00:30:00+01:00'))).toBe('2026-11-24');
  });
});
