import { z } from 'zod';
import { defineClientEvent } from '../realtime/client-events';
import { defineSignal, type TSignalPayload } from '../realtime/signals';

/** Members may enter a booked call (a mentorship session) this long before it starts. */
export const CALL_EARLY_ENTRY_MS = 10 * 60_000;

/** What a call belongs to: a conversation, a mentorship session; the kind's resolver says who is in it. */
export const ZCallSource = z.object({
  kind: z.string().regex(/^[a-z][a-z0-9_-]{0,29}$/, 'Not a call source'),
  id: z.string().min(1).max(100),
});
export type TCallSource = z.infer<typeof ZCallSource>;

/** `POST /api/calls`: a conversation's call, or the call of another source. */
export const ZCreateCall = z
  .object({ conversationId: z.string().min(1).max(100).optional(), source: ZCallSource.optional() })
  .refine((v) => Boolean(v.conversationId) !== Boolean(v.source), {
    message: 'Give either a conversationId or a source',
    path: ['conversationId'],
  });
export type TCreateCall = z.infer<typeof ZCreateCall>;

export const ZCallCreated = z.object({ room: z.string() });

/** An RTCIceServer as the browser takes it; TURN entries carry short-lived credentials. */
export const ZIceServer = z.object({
  urls: z.array(z.string()),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type TIceServer = z.infer<typeof ZIceServer>;

export const ZCallParticipant = z.object({
  id: z.string(),
  username: z.string(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  /** The caller started the call; the callee is the polite peer of perfect negotiation. */
  role: z.enum(['caller', 'callee']),
});
export type TCallParticipant = z.infer<typeof ZCallParticipant>;

export const ZCall = z.object({
  room: z.string(),
  participants: z.array(ZCallParticipant),
  iceServers: z.array(ZIceServer),
  /** ISO 8601 start of a booked call; null for a call that is open at once. */
  opensAt: z.string().nullable(),
  /** ISO 8601 when the call was hung up; an ended call cannot be entered again. */
  endedAt: z.string().nullable(),
});
export type TCall = z.infer<typeof ZCall>;

/** The socket room of a call. */
export const callRoom = (room: string) => `call:${room}`;

const ZRoomId = z.uuid('Not a call');
/** One peer connection of one page: a new one (a reload) makes the other side start afresh. */
const ZPeerSession = z.string().regex(/^[A-Za-z0-9-]{8,40}$/, 'Not a peer session');
const ZDescription = z.object({ type: z.enum(['offer', 'answer']), sdp: z.string().max(14_000).optional() });
const ZCandidate = z.object({
  candidate: z.string().max(600),
  sdpMid: z.string().max(40).nullable().optional(),
  sdpMLineIndex: z.number().int().min(0).max(64).nullable().optional(),
});

/** After `room:join call:<id>`: records attendance and tells the other member this page is in. */
export const callJoin = defineClientEvent(
  'call:join',
  z.object({ room: ZRoomId, session: ZPeerSession }),
  /** Whether the other member has the call open right now. */
  z.object({ peerPresent: z.boolean() }),
);

/**
 * Perfect negotiation's messages, relayed to the other member only: a description, or a batch
 * of ICE candidates (batched so a burst of candidates stays under the socket's rate limit).
 */
export const callSignal = defineClientEvent(
  'call:signal',
  z.object({
    room: ZRoomId,
    session: ZPeerSession,
    /** The other page's session this is meant for, when known: an answer for a closed connection is dropped. */
    to: ZPeerSession.nullable().optional(),
    description: ZDescription.optional(),
    candidates: z.array(ZCandidate).max(30).optional(),
  }),
  z.object({}),
);

/** Leaves the call (closing the page); `hangUp` ends it for both members. */
export const callLeave = defineClientEvent(
  'call:leave',
  z.object({ room: ZRoomId, hangUp: z.boolean() }),
  z.object({}),
);

export const callSignalled = defineSignal(
  'call:signal',
  z.object({
    room: z.string(),
    from: z.string(),
    session: z.string(),
    to: z.string().nullable().optional(),
    description: ZDescription.optional(),
    candidates: z.array(ZCandidate).optional(),
  }),
);

/** The other member opened (a join or rejoin, with its peer session) or left the call. */
export const callPeer = defineSignal(
  'call:peer',
  z.object({ room: z.string(), userId: z.string(), present: z.boolean(), session: z.string().nullable() }),
);

export const callEnded = defineSignal('call:ended', z.object({ room: z.string(), by: z.string() }));

/** How a ring ended: the callee answered (on some tab), declined, did not answer, was in another call, or the caller left. */
export const ZRingEnd = z.enum(['answered', 'declined', 'missed', 'busy', 'cancelled']);
export type TRingEnd = z.infer<typeof ZRingEnd>;

/** Decision 051: to every tab of the callee, while the caller waits in the call. */
export const callRing = defineSignal(
  'call:ring',
  z.object({
    room: z.string(),
    caller: z.object({ id: z.string(), fullName: z.string(), avatarUrl: z.string().nullable() }),
    /** ISO 8601: the ring ends as missed then, whatever the tab hears. */
    until: z.string(),
  }),
);
export type TCallRing = TSignalPayload<typeof callRing>;

/** To both members' tabs: the ring is over (the callee's other tabs stop; the caller learns why). */
export const callRingEnded = defineSignal(
  'call:ring-ended',
  z.object({ room: z.string(), reason: ZRingEnd, by: z.string() }),
);

/** The callee pressed Accept on one tab: the others stop ringing; the page then opens the call. */
export const callAnswer = defineClientEvent('call:answer', z.object({ room: ZRoomId }), z.object({}));

/** The callee pressed Decline: the caller is told; a chat's call ends. */
export const callDecline = defineClientEvent('call:decline', z.object({ room: ZRoomId }), z.object({}));
