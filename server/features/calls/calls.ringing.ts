import { callRing, callRingEnded, type TRingEnd } from '#shared/calls/calls.schemas';
import type { Tx } from '#server/db/client';
import { afterCommit } from '#server/db/transaction';
import { rooms } from '#server/realtime/realtime-server';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { QueueService } from '#server/queue/queue.service';
import type { AccountsService } from '../accounts';
import { FORMER_MEMBER } from '../accounts';
import { ringTimeoutJob } from './calls.queue';
import { type CallAttendanceRow, type CallRow, callsRepo } from './calls.repo';
import { nextRing, RING_TIMEOUT_MS, ringEndsCall, type RingEvent, type RingState, startRing } from './ring';

interface RingingDeps {
  realtime: RealtimeService;
  jobs: QueueService;
  accounts: AccountsService;
  now: () => Date;
  /** The service's own end of a call (attendance, missed notice, the chat's line, both told). */
  end: (tx: Tx, call: CallRow, by: string) => Promise<void>;
  notifyMissed: (tx: Tx, call: CallRow, attendance: CallAttendanceRow[]) => Promise<void>;
}

/**
 * Decision 051: a member entering a call rings the other on every tab (the user's room, over the
 * socket.io adapter, so any node). The ring's state lives on the call row, and every move is a
 * conditional update, so of two tabs (or nodes) answering and declining at once one wins.
 */
export function createRinging({ realtime, jobs, accounts, now, end, notifyMissed }: RingingDeps) {
  const otherOf = (call: CallRow, userId: string) => (call.memberA === userId ? call.memberB : call.memberA);
  const tellBoth = (tx: Tx, call: CallRow, reason: TRingEnd, by: string) =>
    afterCommit(tx, () => {
      for (const id of [call.memberA, call.memberB]) {
        realtime.emitToRoom(rooms.user(id), callRingEnded, { room: call.id, reason, by });
      }
    });

  /** Moves a ringing ring to its end; false when it was not ringing (another tab or node came first). */
  async function stop(tx: Tx, call: CallRow, event: RingEvent, by: string): Promise<TRingEnd | null> {
    const to = nextRing(call.ringState as RingState | null, event);
    if (!to || !(await callsRepo.endRing(tx, call.id, to))) return null;
    await jobs.cancel(tx, ringTimeoutJob, call.id);
    tellBoth(tx, call, to, by);
    return to;
  }

  return {
    stop,

    /** A page of `userId` entered (attendance `before` it): answer the ring, or ring the other member. */
    async entered(tx: Tx, call: CallRow, userId: string, before: CallAttendanceRow[]): Promise<void> {
      const otherId = otherOf(call, userId);
      const otherPresent = before.some((a) => a.userId === otherId && a.leftAt === null);
      if (otherPresent) {
        await stop(tx, call, 'answer', userId);
        return;
      }
      const start = startRing({
        state: call.ringState as RingState | null,
        otherPresent,
        otherBusy: await callsRepo.inAnotherCall(tx, otherId, call.id),
      });
      if (!start) return;
      const at = now();
      await callsRepo.startRing(tx, call.id, start, at);
      if (start === 'busy') {
        tellBoth(tx, call, 'busy', otherId);
        if (ringEndsCall('busy', call.opensAt !== null)) await end(tx, { ...call, ringState: 'busy' }, otherId);
        return;
      }
      await jobs.cancel(tx, ringTimeoutJob, call.id);
      await jobs.send(
        tx,
        ringTimeoutJob,
        { callId: call.id, startedAt: at.toISOString() },
        { startAfter: new Date(at.getTime() + RING_TIMEOUT_MS), singletonKey: call.id },
      );
      const caller = await accounts.person(userId, { id: otherId, role: 'general' }, tx);
      const until = new Date(at.getTime() + RING_TIMEOUT_MS).toISOString();
      afterCommit(tx, () =>
        realtime.emitToRoom(rooms.user(otherId), callRing, {
          room: call.id,
          caller: { id: userId, fullName: caller?.fullName ?? FORMER_MEMBER, avatarUrl: caller?.avatarUrl ?? null },
          until,
        }),
      );
    },

    /** The callee declined: the caller is told; a chat's call ends (its line says "Missed video call"). */
    async decline(tx: Tx, call: CallRow, userId: string): Promise<void> {
      const to = await stop(tx, call, 'decline', userId);
      if (to && ringEndsCall(to, call.opensAt !== null)) await end(tx, { ...call, ringState: to }, userId);
    },

    /** The timeout job: still ringing after 45 s is a missed call. */
    async timedOut(tx: Tx, call: CallRow, startedAt: string): Promise<void> {
      if (call.endedAt || call.ringStartedAt?.toISOString() !== startedAt) return;
      const attendance = await callsRepo.attendance(tx, call.id);
      // The rung member is the one not in the call (a session's callee may be its maker).
      const waiting = attendance.find((a) => a.leftAt === null)?.userId ?? call.createdBy;
      const rung = otherOf(call, waiting);
      const to = await stop(tx, call, 'timeout', rung);
      if (!to) return;
      if (ringEndsCall(to, call.opensAt !== null)) await end(tx, { ...call, ringState: to }, rung);
      else await notifyMissed(tx, call, attendance);
    },
  };
}
