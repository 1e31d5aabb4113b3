import { Signal, SignalLow, SignalMedium, WifiOff } from 'lucide-react';
import type { TRingEnd } from '#shared/calls/calls.schemas';
import type { CallPhase } from '../hooks/use-call-session';
import type { Quality } from '../lib/call-stats';

const QUALITY = {
  good: { icon: Signal, text: 'Good connection', className: 'text-emerald-400' },
  fair: { icon: SignalMedium, text: 'Fair connection', className: 'text-amber-300' },
  poor: { icon: SignalLow, text: 'Weak connection', className: 'text-red-400' },
  unknown: { icon: Signal, text: 'Checking connection…', className: 'text-zinc-400' },
} as const;

/** The connection quality indicator, announced politely when it changes. */
export function QualityIndicator({ phase, quality }: { phase: CallPhase; quality: Quality }) {
  const q =
    phase === 'reconnecting' ? { icon: WifiOff, text: 'Reconnecting…', className: 'text-amber-300' } : QUALITY[quality];
  const Icon = q.icon;
  return (
    <span role="status" className="inline-flex items-center gap-1.5 text-sm text-zinc-200">
      <Icon aria-hidden="true" className={`size-4 ${q.className}`} />
      {q.text}
    </span>
  );
}

/** mm:ss, or h:mm:ss past an hour. */
export function formatDuration(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000));
  const [h, m, sec] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const two = (n: number) => String(n).padStart(2, '0');
  return h > 0 ? `${h}:${two(m)}:${two(sec)}` : `${two(m)}:${two(sec)}`;
}

/** Why the other member did not come, when their ring ended unanswered (decision 051). */
export function ringEndMessage(reason: TRingEnd | null, name: string): string | null {
  if (reason === 'declined') return `${name} declined the call.`;
  if (reason === 'busy') return `${name} is on another call.`;
  if (reason === 'missed') return `${name} did not answer.`;
  return null;
}

/** What the other member is doing, in words, for the middle of the screen. */
export function peerMessage(
  phase: CallPhase,
  name: string,
  leftOnce: boolean,
  ringEnd: TRingEnd | null = null,
): string | null {
  if (phase === 'joining') return 'Joining the call…';
  if (phase === 'waiting' && !leftOnce && ringEnd) return ringEndMessage(ringEnd, name);
  if (phase === 'waiting')
    return leftOnce ? `${name} left the call. They can rejoin with the same link.` : `Waiting for ${name} to join…`;
  if (phase === 'connecting') return `Connecting to ${name}…`;
  if (phase === 'reconnecting') return `Reconnecting to ${name}…`;
  return null;
}
