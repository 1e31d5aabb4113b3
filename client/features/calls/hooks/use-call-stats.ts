import { useEffect, useState } from 'react';
import type { CallConnection } from '../lib/call-connection';
import { assess, LOW_BITRATE_READINGS, lowStreak, sampleFrom, type Quality, type StatsSample } from '../lib/call-stats';

const EVERY_MS = 2_000;

export interface CallStats {
  quality: Quality;
  /** The connection has been too slow for video for a while: offer audio only. */
  lowBitrate: boolean;
  candidateType: string | null;
}

/** Reads the connection's statistics every 2 s while the call is up. */
export function useCallStats(connection: CallConnection | null, live: boolean): CallStats {
  const [stats, setStats] = useState<CallStats>({ quality: 'unknown', lowBitrate: false, candidateType: null });
  useEffect(() => {
    if (!connection || !live) return;
    let prev: StatsSample | null = null;
    let streak = 0;
    const timer = setInterval(async () => {
      const report = await connection.pc.getStats().catch(() => null);
      if (!report) return;
      const cur = sampleFrom(report.values() as never, Date.now());
      if (prev) {
        const { quality, outKbps } = assess(prev, cur);
        streak = lowStreak(streak, cur, outKbps);
        setStats({ quality, lowBitrate: streak >= LOW_BITRATE_READINGS, candidateType: cur.candidateType });
      }
      prev = cur;
    }, EVERY_MS);
    return () => clearInterval(timer);
  }, [connection, live]);
  return stats;
}
