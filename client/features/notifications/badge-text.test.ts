import { describe, expect, it } from 'vitest';
import { badgeText, bellLabel } from './badge-text';

describe('badgeText (spec section 2)', () => {
  it.each([
    [undefined, null],
    [0, null],
    [1, '1'],
    [3, '3'],
    [9, '9'],
    [10, '9+'],
    [250, '9+'],
  ])('%s unread shows %s', (count, text) => {
    expect(badgeText(count)).toBe(text);
  });
});

describe('bellLabel', () => {
  it('says the real number even when the badge is cut to 9+', () => {
    expect(bellLabel(0)).toBe('Notifications');
    expect(bellLabel(3)).toBe('Notifications, 3 unread');
    expect(bellLabel(12)).toBe('Notifications, 12 unread');
  });
});
