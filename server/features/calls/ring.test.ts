import { describe, expect, it } from 'vitest';
import { nextRing, ringEndsCall, startRing } from './ring';

describe('the ring', () => {
  it('ends once, in the way its first event says', () => {
    expect(nextRing('ringing', 'answer')).toBe('answered');
    expect(nextRing('ringing', 'decline')).toBe('declined');
    expect(nextRing('ringing', 'timeout')).toBe('missed');
    expect(nextRing('ringing', 'cancel')).toBe('cancelled');
    // Accept on one tab, then Decline on another, or a late timeout: nothing changes.
    expect(nextRing('answered', 'decline')).toBeNull();
    expect(nextRing('declined', 'timeout')).toBeNull();
    expect(nextRing(null, 'answer')).toBeNull();
  });

  it('starts when the other member is out and nothing rings, busy when they are in another call', () => {
    expect(startRing({ state: null, otherPresent: false, otherBusy: false })).toBe('ringing');
    expect(startRing({ state: 'declined', otherPresent: false, otherBusy: false })).toBe('ringing');
    expect(startRing({ state: null, otherPresent: false, otherBusy: true })).toBe('busy');
    expect(startRing({ state: 'ringing', otherPresent: false, otherBusy: false })).toBeNull();
    expect(startRing({ state: null, otherPresent: true, otherBusy: false })).toBeNull();
  });

  it("ends a chat's call when nobody will come, never a booked one", () => {
    expect(ringEndsCall('missed', false)).toBe(true);
    expect(ringEndsCall('declined', false)).toBe(true);
    expect(ringEndsCall('busy', false)).toBe(true);
    expect(ringEndsCall('answered', false)).toBe(false);
    expect(ringEndsCall('missed', true)).toBe(false);
  });
});
