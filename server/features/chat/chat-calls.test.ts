import { describe, expect, it } from 'vitest';
import { callLine } from './chat-calls';

describe('callLine', () => {
  it('names a missed call, a short one and a long one', () => {
    expect(callLine(null)).toBe('Missed video call');
    expect(callLine(42)).toBe('Video call, under 1 min');
    expect(callLine(12 * 60 + 10)).toBe('Video call, 12 min');
  });
});
