import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { callAttendance, calls, type CallAttendanceRow, type CallRow } from './calls.table';

export type { CallAttendanceRow, CallRow } from './calls.table';

type NewCall = Pick<CallRow, 'sourceKind' | 'sourceId' | 'memberA' | 'memberB' | 'createdBy' | 'opensAt' | 'createdAt'>;

export const callsRepo = {
  /** The source's open call, made now unless one exists: `created` says which. */
  async openFor(tx: DbOrTx, values: NewCall): Promise<{ call: CallRow; created: boolean }> {
    // The open call that stopped the insert can end before the read: then there is none, try again.
    for (;;) {
      const [inserted] = await tx
        .insert(calls)
        .values(values)
        .onConflictDoNothing({ target: [calls.sourceKind, calls.sourceId], where: sql`ended_at is null` })
        .returning();
      if (inserted) return { call: inserted, created: true };
      const [existing] = await tx
        .select()
        .from(calls)
        .where(and(eq(calls.sourceKind, values.sourceKind), eq(calls.sourceId, values.sourceId), isNull(calls.endedAt)))
        .limit(1);
      if (existing) return { call: existing, created: false };
    }
  },

  async find(db: DbOrTx, id: string, opts: { lock?: boolean } = {}): Promise<CallRow | undefined> {
    const query = db.select().from(calls).where(eq(calls.id, id)).limit(1);
    const [row] = opts.lock ? await query.for('update') : await query;
    return row;
  },

  async end(tx: DbOrTx, id: string, at: Date): Promise<CallRow | undefined> {
    const [row] = await tx
      .update(calls)
      .set({ endedAt: at })
      .where(and(eq(calls.id, id), isNull(calls.endedAt)))
      .returning();
    return row;
  },

  /** Marks the missed-call notice as sent; false when it already was. */
  async markMissedNotified(tx: DbOrTx, id: string, at: Date): Promise<boolean> {
    const rows = await tx
      .update(calls)
      .set({ missedNotifiedAt: at })
      .where(and(eq(calls.id, id), isNull(calls.missedNotifiedAt)))
      .returning({ id: calls.id });
    return rows.length > 0;
  },

  /** Starts a ring (any earlier one is over); `startedAt` keys its timeout job. */
  async startRing(tx: DbOrTx, id: string, state: 'ringing' | 'busy', at: Date): Promise<void> {
    await tx.update(calls).set({ ringState: state, ringStartedAt: at }).where(eq(calls.id, id));
  },

  /** Ends the ringing ring (answered, declined…); false when none was ringing: another tab or node came first. */
  async endRing(tx: DbOrTx, id: string, to: string): Promise<boolean> {
    const rows = await tx
      .update(calls)
      .set({ ringState: to })
      .where(and(eq(calls.id, id), eq(calls.ringState, 'ringing')))
      .returning({ id: calls.id });
    return rows.length > 0;
  },

  /** Whether the member has another open call open right now (a page in it): they are busy. */
  async inAnotherCall(db: DbOrTx, userId: string, callId: string): Promise<boolean> {
    const rows = await db
      .select({ id: calls.id })
      .from(callAttendance)
      .innerJoin(calls, eq(calls.id, callAttendance.callId))
      .where(
        and(
          eq(callAttendance.userId, userId),
          isNull(callAttendance.leftAt),
          isNull(calls.endedAt),
          ne(calls.id, callId),
        ),
      )
      .limit(1);
    return rows.length > 0;
  },

  async join(tx: DbOrTx, callId: string, userId: string, at: Date): Promise<string> {
    const [row] = await tx
      .insert(callAttendance)
      .values({ callId, userId, joinedAt: at })
      .returning({ id: callAttendance.id });
    return row!.id;
  },

  async leave(tx: DbOrTx, attendanceId: string, at: Date): Promise<void> {
    await tx
      .update(callAttendance)
      .set({ leftAt: at })
      .where(and(eq(callAttendance.id, attendanceId), isNull(callAttendance.leftAt)));
  },

  /** Closes every open row of the call (it ended). */
  async leaveAll(tx: DbOrTx, callId: string, at: Date): Promise<void> {
    await tx
      .update(callAttendance)
      .set({ leftAt: at })
      .where(and(eq(callAttendance.callId, callId), isNull(callAttendance.leftAt)));
  },

  async attendance(db: DbOrTx, callId: string): Promise<CallAttendanceRow[]> {
    return db
      .select()
      .from(callAttendance)
      .where(eq(callAttendance.callId, callId))
      .orderBy(asc(callAttendance.joinedAt));
  },

  /** Attendance of every call a source has had (a session re-entered after a hang-up has two). */
  async attendanceOfSource(db: DbOrTx, kind: string, id: string): Promise<CallAttendanceRow[]> {
    return db
      .select({ ...callAttendanceColumns })
      .from(callAttendance)
      .innerJoin(calls, eq(calls.id, callAttendance.callId))
      .where(and(eq(calls.sourceKind, kind), eq(calls.sourceId, id)))
      .orderBy(asc(callAttendance.joinedAt));
  },
};

const callAttendanceColumns = {
  id: callAttendance.id,
  callId: callAttendance.callId,
  userId: callAttendance.userId,
  joinedAt: callAttendance.joinedAt,
  leftAt: callAttendance.leftAt,
};
