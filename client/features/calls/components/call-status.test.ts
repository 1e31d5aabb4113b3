import { describe, expect, it } from 'vitest';
import { formatDuration, peerMessage, ringEndMessage } from './call-status';

describe('call status', () => {
  it('formats the call timer', () => {
    expect(formatDuration(0)).toBe('00:00');
    expect(formatDuration(754_000)).toBe('12:34');
    expect(formatDuration(3_725_000)).toBe('1:02:05');
  });

  it('tells a leave from a first wait', () => {
    expect(peerMessage('waiting', 'Ada', false)).toBe('Waiting for Ada to join…');
    expect(peerMessage('waiting', 'Ada', true)).toBe('Ada left the call. They can rejoin with the same link.');
    expect(peerMessage('connected', 'Ada', true)).toBeNull();
  });

  it('says why the other member did not come when their ring ended', () => {
    expect(peerMessage('waiting', 'Ada', false, 'declined')).toBe('Ada declined the call.');
    expect(peerMessage('waiting', 'Ada', false, 'busy')).toBe('Ada is on another call.');
    expect(ringEndMessage('missed', 'Ada')).toBe('Ada did not answer.');
    expect(ringEndMessage('answered', 'Ada')).toBeNull();
  });
});
