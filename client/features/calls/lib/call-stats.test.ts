import { describe, expect, it } from 'vitest';
import { assess, lowStreak, sampleFrom, type StatsSample } from './call-stats';

const base: StatsSample = {
  at: 0,
  inBytes: 0,
  outBytes: 0,
  packetsLost: 0,
  packetsReceived: 0,
  rttMs: 20,
  availableOutBps: null,
  candidateType: 'host',
};

describe('call stats', () => {
  it('reads bytes, loss and the selected pair (its local candidate type) from a report', () => {
    const report = [
      { id: 'in1', type: 'inbound-rtp', bytesReceived: 1000, packetsLost: 1, packetsReceived: 99 },
      { id: 'in2', type: 'inbound-rtp', bytesReceived: 500, packetsLost: 0, packetsReceived: 10 },
      { id: 'out', type: 'outbound-rtp', bytesSent: 700 },
      { id: 't', type: 'transport', selectedCandidatePairId: 'p' },
      {
        id: 'p',
        type: 'candidate-pair',
        localCandidateId: 'l',
        currentRoundTripTime: 0.05,
        availableOutgoingBitrate: 90_000,
      },
      { id: 'l', type: 'local-candidate', candidateType: 'relay' },
    ];
    expect(sampleFrom(report, 5)).toEqual({
      at: 5,
      inBytes: 1500,
      outBytes: 700,
      packetsLost: 1,
      packetsReceived: 109,
      rttMs: 50,
      availableOutBps: 90_000,
      candidateType: 'relay',
    });
  });

  it('grades loss and round trip', () => {
    const later = (over: Partial<StatsSample>) => ({
      ...base,
      at: 2000,
      packetsReceived: 100,
      inBytes: 50_000,
      ...over,
    });
    expect(assess(base, later({})).quality).toBe('good');
    expect(assess(base, later({ packetsLost: 5 })).quality).toBe('fair');
    expect(assess(base, later({ rttMs: 900 })).quality).toBe('poor');
    expect(assess(base, later({})).inKbps).toBe(200);
  });

  it('counts low readings in a row and starts again after a good one', () => {
    expect(lowStreak(2, { ...base, availableOutBps: 100_000 }, 900)).toBe(3);
    expect(lowStreak(2, base, 80)).toBe(3);
    expect(lowStreak(2, { ...base, availableOutBps: 2_000_000 }, 80)).toBe(0);
  });
});
