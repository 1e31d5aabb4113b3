import { z } from 'zod';

/**
 * What makes a lesson done (decision 052): a video watched for most of its length, a text open
 * long enough to read and scrolled to its end, a quiz passed, an assignment passed by its tutor.
 * The server measures the facts with its own clock; these rules are shared so the player can
 * say how far the learner is.
 */
export const WATCH_SHARE = 0.9;
export const READ_WORDS_PER_MINUTE = 200;
/** Even a two-line lesson takes a moment to read; a long one needs no more than ten minutes. */
export const READ_SECONDS_FLOOR = 10;
export const READ_SECONDS_CAP = 600;
/** How often the player reports (seconds); a longer gap between two reports counts as this much. */
export const BEAT_SECONDS = 10;
export const MAX_BEAT_GAP_SECONDS = 30;

export function wordCount(text: string): number {
  return text.split(/\s+/).filter((w) => /[\p{L}\p{N}]/u.test(w)).length;
}

/** Seconds a text lesson must stay open: its words at 200 a minute, within the floor and the cap. */
export function readSecondsFor(body: string): number {
  const seconds = Math.ceil((wordCount(body) * 60) / READ_WORDS_PER_MINUTE);
  return Math.min(READ_SECONDS_CAP, Math.max(READ_SECONDS_FLOOR, seconds));
}

/** POST /api/courses/{id}/lessons/{lessonId}/progress: what the player saw since its last report. */
export const ZLessonBeat = z.object({
  /** The video's current time (video lessons). */
  positionSeconds: z
    .number()
    .min(0)
    .max(24 * 3600)
    .optional(),
  /** The video's length as the browser read it (video lessons whose length the tutor left empty). */
  durationSeconds: z
    .number()
    .min(0)
    .max(24 * 3600)
    .optional(),
  /** The end of the text was on screen (text lessons). */
  scrolledToEnd: z.boolean().default(false),
  /**
   * How long the report waited on the device before this send (decision 074's outbox fills it
   * in). The server dates the report by its own clock less this: a phone's clock may be wrong,
   * but the time it measures between two moments is not.
   */
  queuedMs: z
    .number()
    .int()
    .min(0)
    .max(30 * 24 * 3600 * 1000)
    .optional(),
});
export type TLessonBeat = z.input<typeof ZLessonBeat>;

/** The facts of one lesson as the server measured them. */
export const ZLessonFacts = z.object({
  lessonId: z.string(),
  watchedSeconds: z.number().int(),
  /** The video's length the watching is measured against (0 when unknown). */
  videoSeconds: z.number().int(),
  openSeconds: z.number().int(),
  readSeconds: z.number().int(),
  scrolledToEnd: z.boolean(),
});
export type TLessonFacts = z.infer<typeof ZLessonFacts>;

export type TTrackedKind = 'video' | 'text';

export const watchedPercent = (f: Pick<TLessonFacts, 'watchedSeconds' | 'videoSeconds'>): number =>
  f.videoSeconds > 0 ? Math.min(100, Math.floor((100 * f.watchedSeconds) / f.videoSeconds)) : 0;

/** Why the lesson is not done yet, in a sentence for the learner; null when it may complete. */
export function missingFact(kind: TTrackedKind, f: TLessonFacts): string | null {
  if (kind === 'video') {
    if (f.videoSeconds > 0 && f.watchedSeconds >= Math.ceil(WATCH_SHARE * f.videoSeconds)) return null;
    return `Watch at least ${Math.round(WATCH_SHARE * 100)}% of this video to complete it.`;
  }
  if (f.openSeconds < f.readSeconds) return 'Take the time to read this lesson to complete it.';
  if (!f.scrolledToEnd) return 'Read this lesson to its end to complete it.';
  return null;
}

/** The player's line under a lesson: how far the learner is. */
export function progressLine(kind: TTrackedKind, f: TLessonFacts): string {
  if (kind === 'video') return `Watched ${watchedPercent(f)}% · ${Math.round(WATCH_SHARE * 100)}% needed`;
  const read = Math.min(100, Math.floor((100 * f.openSeconds) / Math.max(1, f.readSeconds)));
  return f.openSeconds >= f.readSeconds && !f.scrolledToEnd
    ? 'Scroll to the end of the lesson to finish it'
    : `Reading ${read}% · ${f.scrolledToEnd ? 'reached the end' : 'scroll to the end'}`;
}
