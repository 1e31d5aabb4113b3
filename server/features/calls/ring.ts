import type { TRingEnd } from '#shared/calls/calls.schemas';

/** An incoming call rings this long before it ends as missed (WhatsApp and Meet ring 30-45 s). */
export const RING_TIMEOUT_MS = 45_000;

export type RingState = 'ringing' | TRingEnd;
export type RingEvent = 'answer' | 'decline' | 'timeout' | 'cancel';

const ENDS: Record<RingEvent, TRingEnd> = {
  answer: 'answered',
  decline: 'declined',
  timeout: 'missed',
  cancel: 'cancelled',
};

/**
 * The ring's one move: only a ringing call changes, and to the end the event names. A decline
 * after an answer on another tab, or a timeout after a decline, changes nothing (null).
 */
export function nextRing(state: RingState | null, event: RingEvent): TRingEnd | null {
  return state === 'ringing' ? ENDS[event] : null;
}

/**
 * Whether a member entering the call rings the other: only when the other is not in it and no
 * ring is already going. Answers the state the ring starts in: `busy` when the other is in
 * another call (the caller is told at once, nothing rings).
 */
export function startRing(input: {
  state: RingState | null;
  otherPresent: boolean;
  otherBusy: boolean;
}): 'ringing' | 'busy' | null {
  if (input.otherPresent || input.state === 'ringing') return null;
  return input.otherBusy ? 'busy' : 'ringing';
}

/**
 * What an unanswered ring does to the call: a call made on the spot (a chat's) ends, so the chat
 * shows "Missed video call"; a booked call (a session) stays open for the other to come later.
 */
export const ringEndsCall = (end: TRingEnd, booked: boolean): boolean =>
  !booked && (end === 'declined' || end === 'missed' || end === 'busy');
