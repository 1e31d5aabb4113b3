import type { TLessonBeat, TLessonFacts } from '#shared/courses/lesson-progress';
import { MAX_BEAT_GAP_SECONDS, readSecondsFor } from '#shared/courses/lesson-progress';

export type Ranges = Array<[number, number]>;

/** The tracked state of one learner in one lesson, as stored in lesson_progress. */
export interface TrackState {
  watched: Ranges;
  reportedDurationSeconds: number;
  openSeconds: number;
  scrolledToEnd: boolean;
  lastPositionSeconds: number | null;
  lastBeatAt: Date | null;
}

export const emptyTrack = (): TrackState => ({
  watched: [],
  reportedDurationSeconds: 0,
  openSeconds: 0,
  scrolledToEnd: false,
  lastPositionSeconds: null,
  lastBeatAt: null,
});

/** Playing at up to double speed is watching; anything faster is a seek (or a made-up report). */
const MAX_PLAYBACK_RATE = 2;
/** Reports land on whole seconds and a little late: this much slack before a move counts as a jump. */
const SLACK_SECONDS = 1;

/** Adds [start, end] to sorted, merged ranges. */
export function addRange(ranges: Ranges, start: number, end: number): Ranges {
  const all = [...ranges, [start, end] as [number, number]].sort((a, b) => a[0] - b[0]);
  const merged: Ranges = [];
  for (const [s, e] of all) {
    const last = merged.at(-1);
    if (last && s <= last[1]) last[1] = Math.max(last[1], e);
    else merged.push([s, e]);
  }
  return merged;
}

/** Seconds covered by the ranges within [0, limit]. */
export function coveredSeconds(ranges: Ranges, limit: number): number {
  return ranges.reduce((sum, [s, e]) => sum + Math.max(0, Math.min(e, limit) - Math.max(0, s)), 0);
}

/**
 * One report of the player, measured against the server's clock: the time since the previous
 * report (at most MAX_BEAT_GAP_SECONDS, so a tab left open overnight is not a night of reading)
 * is the open time gained; the video's move since then counts as watched only when it is forward
 * and no faster than that time allows, so seeking and faked jumps add nothing.
 *
 * A report kept on the device while offline (decision 074) is dated `at` and measured from
 * `notBefore` at the earliest: the learner's latest report in the course, so two lessons'
 * reports never count the same minutes. A report older than the lesson's last one (sent again
 * after its answer was lost) changes nothing but the end of the text being seen.
 */
export function recordBeat(state: TrackState, beat: TLessonBeat, at: Date, notBefore?: Date | null): TrackState {
  const scrolledToEnd = state.scrolledToEnd || beat.scrolledToEnd === true;
  if (state.lastBeatAt && at < state.lastBeatAt) return { ...state, scrolledToEnd };
  const since = state.lastBeatAt && notBefore && notBefore > state.lastBeatAt ? notBefore : state.lastBeatAt;
  const gap = since ? Math.min(MAX_BEAT_GAP_SECONDS, Math.max(0, (at.getTime() - since.getTime()) / 1000)) : 0;
  let watched = state.watched;
  const position = beat.positionSeconds;
  if (position !== undefined && state.lastPositionSeconds !== null) {
    const moved = position - state.lastPositionSeconds;
    if (moved > 0 && moved <= gap * MAX_PLAYBACK_RATE + SLACK_SECONDS) {
      watched = addRange(watched, state.lastPositionSeconds, position);
    }
  }
  return {
    watched,
    reportedDurationSeconds: Math.max(state.reportedDurationSeconds, Math.floor(beat.durationSeconds ?? 0)),
    openSeconds: state.openSeconds + gap,
    scrolledToEnd,
    lastPositionSeconds: position === undefined ? state.lastPositionSeconds : position,
    lastBeatAt: at,
  };
}

/**
 * The facts the completion rules read. A video's length is the tutor's; without one, the
 * browser's report (a learner could shorten it only for a lesson its tutor left without a length).
 */
export function factsOf(
  lesson: { id: string; body: string; durationSeconds: number },
  state: TrackState,
): TLessonFacts {
  const videoSeconds = lesson.durationSeconds > 0 ? lesson.durationSeconds : state.reportedDurationSeconds;
  return {
    lessonId: lesson.id,
    watchedSeconds: Math.floor(coveredSeconds(state.watched, videoSeconds)),
    videoSeconds,
    openSeconds: Math.floor(state.openSeconds),
    readSeconds: readSecondsFor(lesson.body),
    scrolledToEnd: state.scrolledToEnd,
  };
}
