import type { TUser } from '#shared/accounts/accounts.schemas';
import {
  NO_SHOW_AFTER_MINUTES,
  SESSION_CHANGE_CUTOFF_HOURS,
  SESSION_QUERY_KEYS,
  type TAllowance,
  type TAttendance,
  type TBookSession,
  type TSession,
} from '#shared/mentorship/sessions.schemas';
import { CALL_EARLY_ENTRY_MS } from '#shared/calls/calls.schemas';
import type { Db, DbOrTx, Tx } from '#server/db/client';
import { afterCommit, transaction } from '#server/db/transaction';
import type { QueueService } from '#server/queue/queue.service';
import { AppError } from '#server/lib/errors';
import type { RealtimeService } from '#server/realtime/realtime.service';
import { type AccountsService, presentPerson } from '#server/features/accounts';
import { formatDateTime } from '#shared/time-label';
import type { CallsService } from '#server/features/calls';
import type { NotificationsService } from '#server/features/notifications';
import type { AvailabilityService } from '../availability/availability.service';
import { attendanceKey, reminderKey, sessionAttendanceJob, sessionReminderJob } from './sessions.queue';
import { BOOKING_STATUSES, type MentorSessionRow, sessionsRepo } from './sessions.repo';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const CUTOFF_MS = SESSION_CHANGE_CUTOFF_HOURS * HOUR;
/** Three mentor no-shows within this window flag the mentor for the admin. */
const FLAG_WINDOW_MS = 90 * 24 * HOUR;
const FLAG_AT = 3;
/** The call stays open this long after the session's end (a session that runs over). */
const CALL_GRACE_MS = 60 * MINUTE;

export interface SessionsDeps {
  db: Db;
  accounts: Pick<AccountsService, 'timeZonesOf'>;
  availability: AvailabilityService;
  jobs: QueueService;
  notifications: NotificationsService;
  realtime: RealtimeService;
  calls: CallsService;
  now: () => Date;
}

/** The exclusion constraint (SQLSTATE 23P01) said the time is taken, from either driver. */
function overlapRefused(err: unknown): boolean {
  for (let e: unknown = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: string }).code === '23P01') return true;
  }
  return false;
}

const taken = () => new AppError('CONFLICT', 'That time was just taken. Please pick another slot.');
const notFound = () => new AppError('NOT_FOUND', 'There is no such session.');
/** A moment as one reader reads it: in their zone, with its short name (issue 26). */
type When = (d: Date) => string;

/** Decision 032: booking, moving and cancelling sessions; reminders; attendance from the call. */
export function createSessionsService(deps: SessionsDeps) {
  const { db, accounts, availability, jobs, notifications, realtime, calls, now } = deps;

  /** Reminders and the attendance check for the session as it now stands (cancelled first, so a move moves them). */
  async function schedule(tx: Tx, s: MentorSessionRow) {
    for (const kind of ['24h', '15m'] as const) await jobs.cancel(tx, sessionReminderJob, reminderKey(s.id, kind));
    await jobs.cancel(tx, sessionAttendanceJob, attendanceKey(s.id));
    if (s.status !== 'booked') return;
    const startAt = s.startAt.toISOString();
    for (const [kind, before] of [
      ['24h', 24 * HOUR],
      ['15m', 15 * MINUTE],
    ] as const) {
      const at = s.startAt.getTime() - before;
      if (at > now().getTime()) {
        await jobs.send(
          tx,
          sessionReminderJob,
          { sessionId: s.id, startAt, kind },
          { startAfter: new Date(at), singletonKey: reminderKey(s.id, kind) },
        );
      }
    }
    const check = new Date(s.startAt.getTime() + NO_SHOW_AFTER_MINUTES * MINUTE);
    await jobs.send(
      tx,
      sessionAttendanceJob,
      { sessionId: s.id, startAt },
      { startAfter: check, singletonKey: attendanceKey(s.id) },
    );
  }

  /** Both sides' lists and the mentor's free slots refresh live once the change is committed. */
  function announce(tx: Tx, s: MentorSessionRow) {
    afterCommit(tx, () => {
      for (const userId of [s.mentorId, s.menteeId])
        realtime.emitToUser(userId, 'data:updated', { queryKeys: SESSION_QUERY_KEYS(s.mentorId).map((k) => [...k]) });
    });
  }

  async function notifyBoth(
    tx: Tx,
    s: MentorSessionRow,
    title: string,
    message: (side: 'mentor' | 'mentee', when: When) => string,
  ) {
    const zones = await accounts.timeZonesOf([s.mentorId, s.menteeId], tx);
    for (const side of ['mentor', 'mentee'] as const) {
      const userId = side === 'mentor' ? s.mentorId : s.menteeId;
      const when: When = (d) => formatDateTime(d, zones.get(userId));
      await notifications.notify(
        userId,
        {
          type: 'mentorship_subscription',
          title,
          message: message(side, when),
          link: side === 'mentor' ? '/mentor/dashboard' : '/mentorship/mentee',
        },
        tx,
      );
    }
  }

  /** The session if the user is one of its two people. */
  async function own(tx: DbOrTx, user: TUser, id: string): Promise<MentorSessionRow> {
    const s = await sessionsRepo.find(tx, id);
    if (!s || (s.mentorId !== user.id && s.menteeId !== user.id)) throw notFound();
    return s;
  }

  async function presentOne(user: TUser, id: string): Promise<TSession> {
    const rows = await sessionsRepo.list(db, user.id, null, {}, now());
    const row = rows.find((r) => r.session.id === id);
    if (!row) throw notFound();
    return present(user, row);
  }

  function present(user: TUser, r: Awaited<ReturnType<typeof sessionsRepo.list>>[number]): TSession {
    const s = r.session;
    const viewer = { id: user.id, role: user.role };
    return {
      id: s.id,
      subscriptionId: s.subscriptionId,
      mentor: presentPerson(r.mentor, viewer),
      mentee: presentPerson(r.mentee, viewer),
      start: s.startAt.toISOString(),
      end: s.endAt.toISOString(),
      status: s.status as TSession['status'],
      role: s.mentorId === user.id ? 'mentor' : 'mentee',
      countsAsUsed: s.countsAsUsed,
      cancelledAt: s.cancelledAt?.toISOString() ?? null,
      mentorNoShow: s.mentorNoShow,
      menteeNoShow: s.menteeNoShow,
      changeableUntil: new Date(s.startAt.getTime() - CUTOFF_MS).toISOString(),
      callOpensAt: new Date(s.startAt.getTime() - CALL_EARLY_ENTRY_MS).toISOString(),
      canJoin: callOpen(s),
    };
  }

  function callOpen(s: MentorSessionRow): boolean {
    const t = now().getTime();
    return (
      s.status !== 'cancelled' &&
      t >= s.startAt.getTime() - CALL_EARLY_ENTRY_MS &&
      t <= s.endAt.getTime() + CALL_GRACE_MS
    );
  }

  /** Runs `fn` and turns the database's overlap refusal into the 409 the booking screens read. */
  async function guarded<T>(fn: () => Promise<T>): Promise<T> {
    try {
      return await fn();
    } catch (err) {
      if (overlapRefused(err)) throw taken();
      throw err;
    }
  }

  return {
    /** `POST /api/mentorship/sessions`: the subscription row is locked, so the allowance holds under concurrency. */
    async book(user: TUser, input: TBookSession): Promise<TSession> {
      const start = new Date(input.start);
      const s = await guarded(() =>
        transaction(db, async (tx) => {
          const sub = await sessionsRepo.subscription(tx, input.subscriptionId, { lock: true });
          if (!sub || sub.menteeId !== user.id) throw new AppError('NOT_FOUND', 'There is no such subscription.');
          if (!(BOOKING_STATUSES as readonly string[]).includes(sub.status)) {
            throw new AppError('FORBIDDEN', 'Book sessions with an active subscription.');
          }
          if (start < sub.currentPeriodStart || start >= sub.currentPeriodEnd) {
            throw new AppError(
              'FORBIDDEN',
              `Book a time within your current period (until ${formatDateTime(sub.currentPeriodEnd, user.timeZone)}).`,
            );
          }
          const used = await sessionsRepo.usedInPeriod(tx, sub.id, sub.currentPeriodStart, sub.currentPeriodEnd);
          if (used >= sub.sessionsPerMonth) {
            throw new AppError('FORBIDDEN', `You have used all ${sub.sessionsPerMonth} sessions of this period.`);
          }
          await sessionsRepo.lockMentorCalendar(tx, sub.mentorId);
          const { free, bufferMinutes } = await availability.isFree(tx, sub.mentorId, start, sub.sessionMinutes);
          if (!free) throw new AppError('CONFLICT', 'That time is not available. Please pick another slot.');
          const created = await sessionsRepo.insertSession(tx, {
            mentorId: sub.mentorId,
            menteeId: user.id,
            subscriptionId: sub.id,
            startAt: start,
            endAt: new Date(start.getTime() + sub.sessionMinutes * MINUTE),
            bufferMinutes,
            createdAt: now(),
            updatedAt: now(),
          });
          await schedule(tx, created);
          await notifyBoth(tx, created, 'Session booked', (side, when) =>
            side === 'mentor'
              ? `A mentee booked a session on ${when(start)}.`
              : `Your session on ${when(start)} is booked.`,
          );
          announce(tx, created);
          return created;
        }),
      );
      return presentOne(user, s.id);
    },

    /** Either side moves a booked session to another free slot, up to 12 h before it starts. */
    async reschedule(user: TUser, id: string, startIso: string): Promise<TSession> {
      const start = new Date(startIso);
      await guarded(() =>
        transaction(db, async (tx) => {
          const s = await own(tx, user, id);
          if (s.status !== 'booked') throw new AppError('CONFLICT', 'Only a booked session can be moved.');
          if (s.startAt.getTime() - now().getTime() < CUTOFF_MS) {
            throw new AppError(
              'CONFLICT',
              `Sessions can be moved up to ${SESSION_CHANGE_CUTOFF_HOURS} hours before they start.`,
            );
          }
          const sub = await sessionsRepo.subscription(tx, s.subscriptionId, { lock: true });
          if (!sub || start >= sub.currentPeriodEnd)
            throw new AppError('FORBIDDEN', 'Move the session to a time within the current period.');
          await sessionsRepo.lockMentorCalendar(tx, s.mentorId);
          const minutes = (s.endAt.getTime() - s.startAt.getTime()) / MINUTE;
          const { free, bufferMinutes } = await availability.isFree(tx, s.mentorId, start, minutes, s.id);
          if (!free) throw new AppError('CONFLICT', 'That time is not available. Please pick another slot.');
          const moved = await sessionsRepo.move(tx, s.id, s.startAt, {
            startAt: start,
            endAt: new Date(start.getTime() + minutes * MINUTE),
            bufferMinutes,
            updatedAt: now(),
          });
          if (!moved) throw new AppError('CONFLICT', 'The session changed meanwhile. Reload and try again.');
          await schedule(tx, moved);
          await notifyBoth(
            tx,
            moved,
            'Session moved',
            (_side, when) => `Your session on ${when(s.startAt)} moved to ${when(start)}.`,
          );
          announce(tx, moved);
        }),
      );
      return presentOne(user, id);
    },

    /** Either side cancels; a mentee cancelling within 12 h of the start still uses the session. */
    async cancel(user: TUser, id: string): Promise<TSession> {
      await transaction(db, async (tx) => {
        const s = await own(tx, user, id);
        if (s.status !== 'booked') throw new AppError('CONFLICT', 'Only a booked session can be cancelled.');
        if (s.startAt <= now()) throw new AppError('CONFLICT', 'This session has already started.');
        const late = s.startAt.getTime() - now().getTime() < CUTOFF_MS;
        const countsAsUsed = late && user.id === s.menteeId;
        const cancelled = await sessionsRepo.cancel(tx, s.id, s.startAt, user.id, countsAsUsed, now());
        if (!cancelled) throw new AppError('CONFLICT', 'The session changed meanwhile. Reload and try again.');
        await schedule(tx, cancelled);
        const by = user.id === s.mentorId ? 'the mentor' : 'the mentee';
        await notifyBoth(
          tx,
          cancelled,
          'Session cancelled',
          (_side, when) => `The session on ${when(s.startAt)} was cancelled by ${by}.`,
        );
        announce(tx, cancelled);
      });
      return presentOne(user, id);
    },

    async list(
      user: TUser,
      q: { role?: 'mentor' | 'mentee'; scope?: 'upcoming' | 'past' | 'all' },
    ): Promise<TSession[]> {
      const scope = q.scope ?? 'upcoming';
      const at = now();
      const rows = await sessionsRepo.list(
        db,
        user.id,
        q.role ?? null,
        scope === 'upcoming' ? { after: at, live: true } : scope === 'past' ? { before: at } : {},
        at,
      );
      return rows.map((r) => present(user, r));
    },

    /** `GET /api/mentorship/allowances`: each live subscription's sessions left this period. */
    async allowances(user: TUser): Promise<TAllowance[]> {
      const rows = await sessionsRepo.liveSubscriptionsOf(db, user.id, now());
      const viewer = { id: user.id, role: user.role };
      return Promise.all(
        rows.map(async ({ sub, mentor }) => {
          const used = await sessionsRepo.usedInPeriod(db, sub.id, sub.currentPeriodStart, sub.currentPeriodEnd);
          return {
            subscriptionId: sub.id,
            mentor: presentPerson(mentor, viewer),
            sessionMinutes: sub.sessionMinutes,
            sessionsPerMonth: sub.sessionsPerMonth,
            used,
            left: Math.max(0, sub.sessionsPerMonth - used),
            periodStart: sub.currentPeriodStart.toISOString(),
            periodEnd: sub.currentPeriodEnd.toISOString(),
          };
        }),
      );
    },

    /** The job: a reminder, unless the session was cancelled or moved since it was made. */
    async remind(p: { sessionId: string; startAt: string; kind: '24h' | '15m' }): Promise<void> {
      await transaction(db, async (tx) => {
        const s = await sessionsRepo.find(tx, p.sessionId);
        if (!s || s.status !== 'booked' || s.startAt.toISOString() !== p.startAt) return;
        const inWhat = p.kind === '24h' ? 'tomorrow' : 'in 15 minutes';
        await notifyBoth(
          tx,
          s,
          `Session ${inWhat}`,
          (side, when) =>
            `Your ${side === 'mentor' ? 'session with your mentee' : 'mentorship session'} starts ${inWhat}, at ${when(s.startAt)}. Join from your dashboard.`,
        );
        // The dashboards refetch: "Join" follows the server's clock.
        announce(tx, s);
      });
    },

    /** The job, 10 minutes after the start: who joined the call; a mentor's third no-show in 90 days flags them. */
    async checkAttendance(p: { sessionId: string; startAt: string }): Promise<void> {
      await transaction(db, async (tx) => {
        const s = await sessionsRepo.find(tx, p.sessionId);
        if (!s || s.status !== 'booked' || s.startAt.toISOString() !== p.startAt) return;
        const deadline = s.startAt.getTime() + NO_SHOW_AFTER_MINUTES * MINUTE;
        const joins = await calls.attendanceOfSource({ kind: 'session', id: s.id }, tx);
        const came = (userId: string) => joins.some((a) => a.userId === userId && a.joinedAt.getTime() <= deadline);
        const done = await sessionsRepo.complete(
          tx,
          s.id,
          s.startAt,
          { mentorNoShow: !came(s.mentorId), menteeNoShow: !came(s.menteeId) },
          now(),
        );
        if (!done) return;
        announce(tx, done);
        if (!done.mentorNoShow) return;
        const noShows = await sessionsRepo.mentorNoShowsSince(
          tx,
          s.mentorId,
          new Date(now().getTime() - FLAG_WINDOW_MS),
        );
        if (noShows >= FLAG_AT && !(await sessionsRepo.openFlag(tx, s.mentorId)))
          await sessionsRepo.flag(tx, s.mentorId, noShows, now());
      });
    },

    /** `GET /api/mentors/{id}/attendance`: held sessions the mentor came to, of those checked. */
    async attendance(mentorId: string): Promise<TAttendance> {
      const { checked, attended } = await sessionsRepo.attendance(db, mentorId);
      return { checked, attended, rate: checked === 0 ? null : attended / checked };
    },

    /** For the admin console (a later queue): mentors flagged for three no-shows in 90 days. */
    flaggedMentors: () => sessionsRepo.openFlags(db),
    clearFlag: (mentorId: string) => sessionsRepo.clearFlag(db, mentorId, now()),

    /** The 'session' call source: the two people, from 10 minutes before the start until an hour after the end. */
    registerCalls(): void {
      calls.registerSource('session', async (sessionId, viewerId, tx) => {
        if (!/^[0-9a-f-]{36}$/i.test(sessionId)) return null;
        const s = await sessionsRepo.find(tx, sessionId);
        if (!s || (viewerId !== s.mentorId && viewerId !== s.menteeId) || !callOpen(s)) return null;
        return { memberIds: [s.mentorId, s.menteeId], opensAt: s.startAt };
      });
    },
  };
}

export type SessionsService = ReturnType<typeof createSessionsService>;
