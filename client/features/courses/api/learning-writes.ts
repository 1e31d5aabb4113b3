import type { QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { ZProgress, type TLessonContent, type TProgress } from '#shared/courses/lessons.schemas';
import { missingFact, type TLessonBeat, type TLessonFacts } from '#shared/courses/lesson-progress';
import { coveredSeconds, emptyTrack, factsOf, recordBeat } from '#shared/courses/lesson-tracking';
import type { TQuizAnswers } from '#shared/courses/assessments.schemas';
import { encodeId } from '#client/lib/api-client';
import type { QueuedWrite } from '#client/lib/outbox';
import { outbox } from '#client/lib/outbox-store';
import { quizKey } from './assessments';
import { courseKey, courseProgressKey, enrolmentsKey } from './query-keys';

/**
 * Lesson reports and quiz attempts made offline (decision 074): kept in the device's outbox,
 * scoped to their course, and sent in order when the network returns. A report is dated (the
 * server measures it by the time it waited); an attempt carries its own id, so a replay is
 * marked once.
 */
const lessonPath = (courseId: string, lessonId: string) =>
  `/api/courses/${encodeId(courseId)}/lessons/${encodeId(lessonId)}`;

/** What a screen shows of one waiting write. */
export type WriteState = 'queued' | 'sending' | 'failed';

export function queueReport(userId: string, courseId: string, lessonId: string, beat: TLessonBeat, madeAt?: number) {
  void outbox.add({
    id: crypto.randomUUID(),
    userId,
    kind: 'progress',
    scope: courseId,
    path: `${lessonPath(courseId, lessonId)}/progress`,
    body: beat,
    meta: { lessonId },
    dated: true,
    createdAt: madeAt,
  });
}

export function queueAttempt(userId: string, courseId: string, lessonId: string, answers: TQuizAnswers) {
  const clientId = answers.clientId ?? crypto.randomUUID();
  void outbox.add({
    id: clientId,
    userId,
    kind: 'quiz',
    scope: courseId,
    path: `${lessonPath(courseId, lessonId)}/quiz/attempts`,
    body: { ...answers, clientId },
    meta: { lessonId },
  });
}

const lessonOf = (w: QueuedWrite) => (w.meta as { lessonId: string }).lessonId;
const mine = (w: QueuedWrite, courseId: string, userId: string | undefined) =>
  (w.kind === 'progress' || w.kind === 'quiz') && w.scope === courseId && w.userId === userId;

/**
 * A report made now waits behind the course's waiting ones: sent straight away it would be
 * counted first, and the server counts nothing dated before the latest report it has.
 */
export const hasWaitingReports = (courseId: string, userId: string) =>
  outbox.snapshot().writes.some((w) => w.kind === 'progress' && mine(w, courseId, userId));

export interface LessonWrites {
  reports: QueuedWrite[];
  attempt?: QueuedWrite;
  state?: WriteState;
  /** The server's sentence when it refused one of them (the course was refunded). */
  refused?: string;
}

/** The course's waiting writes, per lesson, for the player. */
export function useLearningWrites(courseId: string, userId: string | undefined): Map<string, LessonWrites> {
  const { writes, sending } = useSyncExternalStore(outbox.subscribe, outbox.snapshot);
  const byLesson = new Map<string, LessonWrites>();
  for (const w of writes) {
    if (!mine(w, courseId, userId)) continue;
    const entry = byLesson.get(lessonOf(w)) ?? { reports: [] };
    if (w.kind === 'progress') entry.reports.push(w);
    else entry.attempt = w;
    entry.refused ??= w.refused;
    entry.state = entry.refused ? 'failed' : w.id === sending || entry.state === 'sending' ? 'sending' : 'queued';
    byLesson.set(lessonOf(w), entry);
  }
  return byLesson;
}

/** Discards a lesson's refused writes (the member read the sentence); retries them otherwise. */
export function settleRefused(writes: LessonWrites, action: 'retry' | 'discard') {
  for (const w of [...writes.reports, ...(writes.attempt ? [writes.attempt] : [])]) {
    if (w.refused) void outbox[action](w.id);
  }
}

/**
 * The lesson's facts with its waiting reports counted as the server will count them (the same
 * rules, lesson-tracking.ts), so a lesson read on the bus shows ticked, as pending, and the
 * learner can move on. The first waiting report adds no time: the server's last one is unknown here.
 */
export function factsWithWaiting(
  lesson: TLessonContent,
  known: TLessonFacts | undefined,
  reports: QueuedWrite[],
): TLessonFacts | undefined {
  if (reports.length === 0 || (lesson.kind !== 'video' && lesson.kind !== 'text')) return known;
  let track = emptyTrack();
  for (const r of reports) track = recordBeat(track, r.body as TLessonBeat, new Date(r.createdAt));
  const added = factsOf(lesson, track);
  return {
    ...added,
    watchedSeconds: Math.min(
      added.videoSeconds,
      (known?.watchedSeconds ?? 0) + coveredSeconds(track.watched, added.videoSeconds),
    ),
    openSeconds: (known?.openSeconds ?? 0) + added.openSeconds,
    scrolledToEnd: (known?.scrolledToEnd ?? false) || added.scrolledToEnd,
  };
}

/** Whether the waiting reports complete the lesson once the server counts them. */
export function doneWhenSent(lesson: TLessonContent, facts: TLessonFacts | undefined): boolean {
  if (!facts || (lesson.kind !== 'video' && lesson.kind !== 'text')) return false;
  return missingFact(lesson.kind, facts) === null;
}

/** A report or attempt the outbox delivered (maybe with the player closed): into the course's answers. */
export function applySentLearning(client: QueryClient, write: QueuedWrite, answer: unknown) {
  if (write.kind !== 'progress' && write.kind !== 'quiz') return;
  const courseId = write.scope;
  if (write.kind === 'quiz') void client.invalidateQueries({ queryKey: quizKey(courseId, lessonOf(write)) });
  else {
    const before = client.getQueryData<TProgress>(courseProgressKey(courseId));
    const progress = ZProgress.parse(answer);
    client.setQueryData(courseProgressKey(courseId), progress);
    if (progress.completedLessonIds.length === before?.completedLessonIds.length) return;
  }
  // A lesson or the course completed: the course's page and the learner's list show the new percentage.
  void client.invalidateQueries({ queryKey: courseKey(courseId) });
  void client.invalidateQueries({ queryKey: enrolmentsKey });
}
