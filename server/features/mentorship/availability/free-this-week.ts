import { addDays, localDate } from '#shared/mentorship/zoned-time';
import type { DbOrTx } from '#server/db/client';
import { availabilityBatchRepo } from './availability-batch.repo';
import { BUSY_REACH_MS, freeSlots, type Busy, type OverrideDay, type Schedule } from './availability-slots';
import { DEFAULT_SCHEDULE } from './availability.service';

const DAY = 86_400_000;
export const WEEK_DAYS = 7;

export interface Candidate {
  mentorId: string;
  /** The shortest session of the mentor's active plans; 30 minutes without plans, as the slots route does. */
  minutes: number | null;
}

export interface Inputs {
  schedules: Map<string, Schedule>;
  overrides: Map<string, OverrideDay[]>;
  busy: Map<string, Busy[]>;
}

const group = <T extends { mentorId: string }>(rows: T[]) => {
  const by = new Map<string, T[]>();
  for (const r of rows) by.set(r.mentorId, [...(by.get(r.mentorId) ?? []), r]);
  return by;
};

/** The candidates with at least one free slot in [now, now + 7 days): the same engine as the slots route. */
export function freeMentors(candidates: Candidate[], inputs: Inputs, now: Date): string[] {
  const window = { from: now, to: new Date(now.getTime() + WEEK_DAYS * DAY), now };
  return candidates
    .filter((c) => {
      const schedule = inputs.schedules.get(c.mentorId) ?? DEFAULT_SCHEDULE;
      return (
        freeSlots(schedule, inputs.overrides.get(c.mentorId) ?? [], inputs.busy.get(c.mentorId) ?? [], {
          ...window,
          minutes: c.minutes ?? 30,
        }).length > 0
      );
    })
    .map((c) => c.mentorId);
}

/** Reads every candidate's schedule, overrides and sessions in three statements, then asks the engine. */
export async function freeThisWeek(db: DbOrTx, candidates: Candidate[], now: Date): Promise<string[]> {
  if (candidates.length === 0) return [];
  const ids = candidates.map((c) => c.mentorId);
  const to = new Date(now.getTime() + WEEK_DAYS * DAY);
  // Any zone's local dates fall within a day either side of UTC's.
  const [schedules, overrides, busy] = await Promise.all([
    availabilityBatchRepo.schedules(db, ids),
    availabilityBatchRepo.overrides(db, ids, addDays(localDate(now, 'UTC'), -1), addDays(localDate(to, 'UTC'), 1)),
    availabilityBatchRepo.busy(
      db,
      ids,
      new Date(now.getTime() - BUSY_REACH_MS),
      new Date(to.getTime() + BUSY_REACH_MS),
    ),
  ]);
  return freeMentors(
    candidates,
    { schedules: new Map(schedules.map((s) => [s.mentorId, s])), overrides: group(overrides), busy: group(busy) },
    now,
  );
}
