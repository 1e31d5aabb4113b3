import type { FastifyBaseLogger } from 'fastify';
import type { TUser } from '#shared/accounts/accounts.schemas';
import {
  CALL_EARLY_ENTRY_MS,
  callEnded,
  callRoom,
  type TCall,
  type TCallSource,
  type TCreateCall,
} from '#shared/calls/calls.schemas';
import type { Db, DbOrTx, Tx } from '#server/db/client';
import { afterCommit, transaction } from '#server/db/transaction';
import type { QueueService } from '#server/queue/queue.service';
import { AppError } from '#server/lib/errors';
import { rooms } from '#server/realtime/realtime-server';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { AccountsService } from '../accounts';
import { FORMER_MEMBER } from '../accounts';
import type { NotificationsService } from '../notifications';
import { endIdleCallJob, missedCallJob, ringTimeoutJob } from './calls.queue';
import { type CallAttendanceRow, type CallRow, callsRepo } from './calls.repo';
import { createRinging } from './calls.ringing';
import { iceServersFor, type IceConfig } from './ice-servers';

/** The other member is told they missed the call when they have not come this long after the first. */
export const CALL_MISSED_AFTER_MS = 2 * 60_000;
/** A call everyone left without hanging up ends when nobody comes back within this time. */
export const CALL_IDLE_END_MS = 2 * 60_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Says who a source's call is between, as the viewer may know it: null when the source does not
 * exist, the viewer is not one of its two members, or a call is not allowed (a block).
 */
export type CallSourceResolver = (
  sourceId: string,
  viewerId: string,
  tx: DbOrTx,
) => Promise<{ memberIds: [string, string]; opensAt?: Date | null } | null>;

export interface CallEndedEvent {
  callId: string;
  source: TCallSource;
  memberIds: [string, string];
  createdBy: string;
  /** When both members were first in the call; null when they never were (a missed call). */
  startedAt: Date | null;
  endedAt: Date;
  /** Seconds both were in the call, from startedAt; null for a missed call. */
  durationSeconds: number | null;
}
/** Runs in the transaction that ends the call (chat adds its "Video call, 12 min" line there). */
export type CallEndedHook = (event: CallEndedEvent, tx: Tx) => Promise<void>;

export interface CallsDeps {
  db: Db;
  realtime: RealtimeService;
  jobs: QueueService;
  notifications: NotificationsService;
  accounts: AccountsService;
  ice: IceConfig;
  now: () => Date;
  log: FastifyBaseLogger;
}

export function createCallsService(deps: CallsDeps) {
  const { db, realtime, jobs, notifications, accounts, now } = deps;
  const sources = new Map<string, CallSourceResolver>();
  const endedHooks: CallEndedHook[] = [];
  const notFound = () => new AppError('NOT_FOUND', 'This call does not exist.');
  const membersOf = (call: CallRow): [string, string] => [call.memberA, call.memberB];

  /** The call if this user is one of its members and its source still says so (a block ends it). */
  async function access(userId: string, callId: string, tx: DbOrTx = db): Promise<CallRow | undefined> {
    if (!UUID.test(callId)) return undefined;
    const call = await callsRepo.find(tx, callId);
    if (!call || !membersOf(call).includes(userId)) return undefined;
    const resolved = await sources.get(call.sourceKind)?.(call.sourceId, userId, tx);
    return resolved?.memberIds.includes(userId) ? call : undefined;
  }

  const opensEarly = (call: CallRow) => (call.opensAt ? new Date(call.opensAt.getTime() - CALL_EARLY_ENTRY_MS) : null);
  const notOpenYet = (call: CallRow) => {
    const from = opensEarly(call);
    return from !== null && now() < from;
  };

  /** Ends the call (once): attendance closed, missed notice, the hooks, then both members told. */
  async function end(tx: Tx, call: CallRow, by: string): Promise<void> {
    const endedAt = now();
    const ended = await callsRepo.end(tx, call.id, endedAt);
    if (!ended) return;
    await ringing.stop(tx, call, 'cancel', by);
    await callsRepo.leaveAll(tx, call.id, endedAt);
    const attendance = await callsRepo.attendance(tx, call.id);
    const startedAt = bothInSince(call, attendance);
    if (!startedAt) await notifyMissed(tx, ended, attendance);
    await Promise.all([
      jobs.cancel(tx, missedCallJob, call.id),
      jobs.cancel(tx, endIdleCallJob, call.id),
      jobs.cancel(tx, ringTimeoutJob, call.id),
    ]);
    const event: CallEndedEvent = {
      callId: call.id,
      source: { kind: call.sourceKind, id: call.sourceId },
      memberIds: membersOf(call),
      createdBy: call.createdBy,
      startedAt,
      endedAt,
      durationSeconds: startedAt ? Math.max(0, Math.round((endedAt.getTime() - startedAt.getTime()) / 1000)) : null,
    };
    for (const hook of endedHooks) await hook(event, tx);
    afterCommit(tx, () => {
      // To each member's own room, not the call's: the revoke below must not race the news.
      for (const id of membersOf(call)) realtime.emitToRoom(rooms.user(id), callEnded, { room: call.id, by });
      for (const id of membersOf(call)) void realtime.rooms.revoke(callRoom(call.id), id);
    });
  }

  /** Tells the member who never joined that the other called; once per call. */
  async function notifyMissed(tx: Tx, call: CallRow, attendance: CallAttendanceRow[]): Promise<void> {
    const joined = new Set(attendance.map((a) => a.userId));
    const absent = membersOf(call).filter((id) => !joined.has(id));
    if (absent.length !== 1 || !(await callsRepo.markMissedNotified(tx, call.id, now()))) return;
    const [absentId] = absent as [string];
    const callerId = membersOf(call).find((id) => id !== absentId)!;
    const caller = await accounts.person(callerId, { id: absentId, role: 'general' }, tx);
    const open = call.endedAt === null;
    await notifications.notify(
      absentId,
      {
        type: 'chat_message',
        title: 'Missed video call',
        message: `${caller?.fullName ?? FORMER_MEMBER} called you${open ? ' and is waiting in the call' : ''}.`,
        link: open || call.sourceKind !== 'conversation' ? `/video-call?room=${call.id}` : `/chat/${call.sourceId}`,
        actorId: callerId,
      },
      tx,
    );
  }

  const ringing = createRinging({ realtime, jobs, accounts, now, end, notifyMissed });

  /** Runs `fn` on the locked call, if it exists and is open. */
  const onOpenCall = (callId: string, fn: (tx: Tx, call: CallRow) => Promise<void>) =>
    transaction(db, async (tx) => {
      const call = await callsRepo.find(tx, callId, { lock: true });
      if (call && !call.endedAt) await fn(tx, call);
    });

  return {
    /** Declares a kind of call source and who its calls are between (the integrator wires 'conversation'). */
    registerSource(kind: string, resolve: CallSourceResolver): void {
      if (sources.has(kind)) throw new Error(`call source ${kind} is already registered`);
      sources.set(kind, resolve);
    },

    /** Called in the transaction that ends each call: its length, or null when it was missed. */
    onEnded(hook: CallEndedHook): void {
      endedHooks.push(hook);
    },

    /** The source's open call, or a new one: both members pressing "Call" get the same room. */
    async create(user: TUser, input: TCreateCall): Promise<{ room: string; created: boolean }> {
      const source: TCallSource = input.source ?? { kind: 'conversation', id: input.conversationId! };
      return transaction(db, async (tx) => {
        const resolved = await sources.get(source.kind)?.(source.id, user.id, tx);
        const [a, b] = resolved?.memberIds ?? [];
        if (!resolved || !a || !b || a === b || (user.id !== a && user.id !== b)) {
          throw new AppError('NOT_FOUND', 'There is no one to call here.');
        }
        const { call, created } = await callsRepo.openFor(tx, {
          sourceKind: source.kind,
          sourceId: source.id,
          memberA: a,
          memberB: b,
          createdBy: user.id,
          opensAt: resolved.opensAt ?? null,
          createdAt: now(),
        });
        return { room: call.id, created };
      });
    },

    async get(user: TUser, callId: string): Promise<TCall> {
      const call = await access(user.id, callId);
      if (!call) throw notFound();
      if (notOpenYet(call)) {
        throw new AppError('CONFLICT', 'This call opens 10 minutes before the session starts.', undefined, {
          opensAt: call.opensAt!.toISOString(),
        });
      }
      const viewer = { id: user.id, role: user.role };
      const participants = await Promise.all(
        membersOf(call).map(async (id) => {
          const person = await accounts.person(id, viewer);
          return {
            id,
            username: person?.username ?? '',
            fullName: person?.fullName ?? FORMER_MEMBER,
            avatarUrl: person?.avatarUrl ?? null,
            role: id === call.createdBy ? ('caller' as const) : ('callee' as const),
          };
        }),
      );
      return {
        room: call.id,
        participants,
        iceServers: iceServersFor(deps.ice, user.id, now()),
        opensAt: call.opensAt?.toISOString() ?? null,
        endedAt: call.endedAt?.toISOString() ?? null,
      };
    },

    /** The socket room's policy: a member, the call not over, and open (booked calls from 10 minutes before). */
    async mayEnter(user: TUser, callId: string): Promise<boolean> {
      const call = await access(user.id, callId);
      return Boolean(call && !call.endedAt && !notOpenYet(call));
    },

    /** Records a page entering the call; answers its attendance row and whether the other member is in. */
    async join(userId: string, callId: string): Promise<{ attendanceId: string; peerPresent: boolean }> {
      return transaction(db, async (tx) => {
        const call = await callsRepo.find(tx, callId, { lock: true });
        if (!call || call.endedAt) throw new AppError('CONFLICT', 'This call has ended.');
        const before = await callsRepo.attendance(tx, callId);
        const attendanceId = await callsRepo.join(tx, callId, userId, now());
        await jobs.cancel(tx, endIdleCallJob, callId);
        if (before.length === 0) {
          const from = Math.max(now().getTime(), call.opensAt?.getTime() ?? 0);
          await jobs.send(
            tx,
            missedCallJob,
            { callId },
            { startAfter: new Date(from + CALL_MISSED_AFTER_MS), singletonKey: callId },
          );
        } else if (!before.some((a) => a.userId === userId)) {
          await jobs.cancel(tx, missedCallJob, callId);
        }
        await ringing.entered(tx, call, userId, before);
        return { attendanceId, peerPresent: before.some((a) => a.userId !== userId && a.leftAt === null) };
      });
    },

    /** A page left (closed, navigated away, lost its connection) without hanging up. */
    async leave(callId: string, attendanceId: string): Promise<void> {
      await transaction(db, async (tx) => {
        const call = await callsRepo.find(tx, callId, { lock: true });
        if (!call || call.endedAt) return;
        await callsRepo.leave(tx, attendanceId, now());
        const attendance = await callsRepo.attendance(tx, callId);
        if (attendance.every((a) => a.leftAt !== null)) {
          // Nobody waits any more: the other member's tabs stop ringing.
          const leaver = attendance.find((a) => a.id === attendanceId)?.userId ?? call.createdBy;
          await ringing.stop(tx, call, 'cancel', leaver);
          await jobs.send(
            tx,
            endIdleCallJob,
            { callId },
            { startAfter: new Date(now().getTime() + CALL_IDLE_END_MS), singletonKey: callId },
          );
        }
      });
    },

    /** Hanging up ends the call for both members. */
    hangUp: (userId: string, callId: string) => onOpenCall(callId, (tx, call) => end(tx, call, userId)),

    /** Accept on one of the callee's tabs: the others stop ringing; the page then enters the call. */
    answer: (userId: string, callId: string) =>
      onOpenCall(callId, async (tx, call) => void (await ringing.stop(tx, call, 'answer', userId))),

    /** Decline on one of the callee's tabs: the caller is told, and a chat's call ends. */
    decline: (userId: string, callId: string) => onOpenCall(callId, (tx, call) => ringing.decline(tx, call, userId)),

    /** The ring-timeout job. */
    ringTimedOut: (callId: string, startedAt: string) =>
      onOpenCall(callId, (tx, call) => ringing.timedOut(tx, call, startedAt)),

    /** The missed-call job: the other member has still not joined. */
    async notifyIfMissed(callId: string): Promise<void> {
      await transaction(db, async (tx) => {
        const call = await callsRepo.find(tx, callId, { lock: true });
        if (call) await notifyMissed(tx, call, await callsRepo.attendance(tx, callId));
      });
    },

    /** The idle job: nobody came back after everyone left. */
    async endIfIdle(callId: string): Promise<void> {
      await transaction(db, async (tx) => {
        const call = await callsRepo.find(tx, callId, { lock: true });
        if (!call || call.endedAt) return;
        const attendance = await callsRepo.attendance(tx, callId);
        if (attendance.every((a) => a.leftAt !== null)) await end(tx, call, call.createdBy);
      });
    },

    /** Who was in a call and when (mentorship's attendance); only for the call's own members or the server. */
    attendance: (callId: string, tx: DbOrTx = db) => callsRepo.attendance(tx, callId),
    /** Every call a source has had, joined and left times per page. */
    attendanceOfSource: (source: TCallSource, tx: DbOrTx = db) =>
      callsRepo.attendanceOfSource(tx, source.kind, source.id),
  };
}

/** The moment both members were first in together: the later of their first joins. */
function bothInSince(call: CallRow, attendance: CallAttendanceRow[]): Date | null {
  const firstJoin = (id: string) => attendance.find((a) => a.userId === id)?.joinedAt;
  const a = firstJoin(call.memberA);
  const b = firstJoin(call.memberB);
  if (!a || !b) return null;
  return a > b ? a : b;
}

export type CallsService = ReturnType<typeof createCallsService>;
