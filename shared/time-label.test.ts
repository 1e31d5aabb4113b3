import { describe, expect, it } from 'vitest';
import { formatDateTime, isTimeZone, timeLabel } from './time-label';

const now = new Date('2026-11-21T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
const H = 3_600_000;

describe('timeLabel (spec section 9)', () => {
  it.each([
    [0, 'Just now'],
    [59 * 60_000, 'Just now'],
    [H, '1h ago'],
    [23 * H + 59 * 60_000, '23h ago'],
    [24 * H, 'Yesterday'],
    [47 * H, 'Yesterday'],
    [48 * H, '2d ago'],
    [7 * 24 * H - 1, '6d ago'],
  ])('%i ms ago is %s', (ms, label) => {
    expect(timeLabel(ago(ms), now)).toBe(label);
  });

  it('shows the date from 7 days on, and accepts ISO strings', () => {
    expect(timeLabel(ago(7 * 24 * H).toISOString(), now)).toBe('14 Nov 2026');
  });
});

describe('formatDateTime (one format for every screen, mail and export)', () => {
  const at = new Date('2026-11-27T19:15:00Z');
  it('reads in Lagos by default, with WAT', () => {
    expect(formatDateTime(at)).toBe('27 Nov 2026, 20:15 WAT');
  });
  it("reads in the reader's zone with its short name", () => {
    expect(formatDateTime(at, 'Europe/London')).toBe('27 Nov 2026, 19:15 GMT');
    expect(formatDateTime(at.toISOString(), 'Asia/Kolkata')).toBe('28 Nov 2026, 00:45 GMT+5:30');
  });
  it('falls back to Lagos for a zone Intl does not know', () => {
    expect(isTimeZone('Mars/Olympus')).toBe(false);
    expect(isTimeZone('Africa/Lagos')).toBe(true);
    expect(formatDateTime(at, 'Mars/Olympus')).toBe('27 Nov 2026, 20:15 WAT');
  });
});
