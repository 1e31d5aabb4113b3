/** One reading of a peer connection's getStats(), reduced to what the call screen shows. */
export interface StatsSample {
  at: number;
  /** Media bytes received and sent so far, every stream. */
  inBytes: number;
  outBytes: number;
  packetsLost: number;
  packetsReceived: number;
  rttMs: number | null;
  /** The congestion controller's estimate of what we can send (Chromium), in bits per second. */
  availableOutBps: number | null;
  /** The selected pair's local candidate type: host, srflx or relay (through TURN). */
  candidateType: string | null;
}

export type Quality = 'good' | 'fair' | 'poor' | 'unknown';

/** Below this the call is better without video: the camera alone needs about this much to move. */
export const LOW_BITRATE_KBPS = 150;
/** Audio-only is suggested when that many readings in a row were low (2 s apart: 6 s). */
export const LOW_BITRATE_READINGS = 3;

type Stat = Record<string, unknown> & { type: string; id: string };
const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

export function sampleFrom(stats: Iterable<Stat>, at: number): StatsSample {
  const all = [...stats];
  const byId = new Map(all.map((s) => [s.id, s]));
  const sample: StatsSample = {
    at,
    inBytes: 0,
    outBytes: 0,
    packetsLost: 0,
    packetsReceived: 0,
    rttMs: null,
    availableOutBps: null,
    candidateType: null,
  };
  let pair: Stat | undefined;
  for (const s of all) {
    if (s.type === 'inbound-rtp') {
      sample.inBytes += num(s.bytesReceived);
      sample.packetsLost += num(s.packetsLost);
      sample.packetsReceived += num(s.packetsReceived);
    } else if (s.type === 'outbound-rtp') {
      sample.outBytes += num(s.bytesSent);
    } else if (s.type === 'transport' && typeof s.selectedCandidatePairId === 'string') {
      pair = byId.get(s.selectedCandidatePairId);
    }
  }
  // Firefox has no transport stats: its selected pair says so itself.
  pair ??= all.find(
    (s) => s.type === 'candidate-pair' && (s.selected === true || (s.nominated === true && s.state === 'succeeded')),
  );
  if (pair) {
    sample.rttMs = typeof pair.currentRoundTripTime === 'number' ? pair.currentRoundTripTime * 1000 : null;
    sample.availableOutBps = typeof pair.availableOutgoingBitrate === 'number' ? pair.availableOutgoingBitrate : null;
    const local = byId.get(String(pair.localCandidateId));
    sample.candidateType = typeof local?.candidateType === 'string' ? local.candidateType : null;
  }
  return sample;
}

/** The quality between two readings: packet loss and round trip, as Meet's bars show them. */
export function assess(prev: StatsSample, cur: StatsSample): { quality: Quality; inKbps: number; outKbps: number } {
  const seconds = Math.max(0.001, (cur.at - prev.at) / 1000);
  const inKbps = (Math.max(0, cur.inBytes - prev.inBytes) * 8) / 1000 / seconds;
  const outKbps = (Math.max(0, cur.outBytes - prev.outBytes) * 8) / 1000 / seconds;
  const lost = Math.max(0, cur.packetsLost - prev.packetsLost);
  const received = Math.max(0, cur.packetsReceived - prev.packetsReceived);
  if (lost + received === 0 && cur.rttMs === null) return { quality: 'unknown', inKbps, outKbps };
  const loss = lost / Math.max(1, lost + received);
  const rtt = cur.rttMs ?? 0;
  const quality: Quality = loss > 0.08 || rtt > 600 ? 'poor' : loss > 0.02 || rtt > 250 ? 'fair' : 'good';
  return { quality, inKbps, outKbps };
}

/** Counts low readings in a row: what we can send (the estimate, else what we sent) under the floor. */
export function lowStreak(streak: number, cur: StatsSample, outKbps: number): number {
  const kbps = cur.availableOutBps !== null ? cur.availableOutBps / 1000 : outKbps;
  return kbps < LOW_BITRATE_KBPS ? streak + 1 : 0;
}
