import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, type SyntheticEvent } from 'react';
import type { TProgress } from '#shared/courses/lessons.schemas';
import { BEAT_SECONDS, type TLessonBeat } from '#shared/courses/lesson-progress';
import { courseKey, courseProgressKey, enrolmentsKey } from '../api/query-keys';
import { reportProgress } from '../api/report-progress';
import { hasWaitingReports, queueReport } from '../api/learning-writes';
import { useUser } from '#client/features/accounts';
import { isTransientError } from '#client/lib/api-client';

/**
 * Reports a video or text lesson to the server every BEAT_SECONDS while the learner is on it
 * (decision 052): the server's clock measures the time between reports, so the client only says
 * where the video is and whether the end of the text was seen. A report that cannot leave waits
 * in the device's outbox (decision 074).
 */
function useBeats(courseId: string, lessonId: string, enabled: boolean) {
  const client = useQueryClient();
  const userId = useUser().data?.id;
  const done = useRef(false);
  return useCallback(
    (beat: TLessonBeat) => {
      if (!enabled || done.current || !userId) return;
      // Offline, or behind reports still waiting: kept on the device and sent in order (decision 074).
      if (!navigator.onLine || hasWaitingReports(courseId, userId)) {
        queueReport(userId, courseId, lessonId, beat);
        return;
      }
      const madeAt = Date.now();
      reportProgress(courseId, lessonId, beat)
        .then((progress) => {
          const before = client.getQueryData<TProgress>(courseProgressKey(courseId));
          client.setQueryData(courseProgressKey(courseId), progress);
          if (!progress.completedLessonIds.includes(lessonId)) return;
          done.current = true;
          if (!before?.completedLessonIds.includes(lessonId)) {
            // The course's viewer and the learner's list show the new percentage too.
            void client.invalidateQueries({ queryKey: courseKey(courseId), exact: true });
            void client.invalidateQueries({ queryKey: enrolmentsKey });
          }
        })
        .catch((err: unknown) => {
          // A network that says it is online but carries nothing: the report waits like an offline one.
          if (isTransientError(err)) queueReport(userId, courseId, lessonId, beat, madeAt);
        });
    },
    [client, courseId, lessonId, enabled, userId],
  );
}

/** A text lesson: open while the tab is visible; `endRef` goes on an element after its last line. */
export function useTextTracker(courseId: string, lessonId: string, enabled: boolean) {
  const send = useBeats(courseId, lessonId, enabled);
  const reachedEnd = useRef(false);
  const observer = useRef<IntersectionObserver | null>(null);

  useEffect(() => {
    if (!enabled) return;
    const beat = () => {
      if (document.visibilityState === 'visible') send({ scrolledToEnd: reachedEnd.current });
    };
    beat();
    const timer = window.setInterval(beat, BEAT_SECONDS * 1000);
    return () => window.clearInterval(timer);
  }, [enabled, send]);

  const endRef = useCallback(
    (element: HTMLElement | null) => {
      observer.current?.disconnect();
      if (!element || !enabled) return;
      observer.current = new IntersectionObserver((entries) => {
        if (reachedEnd.current || !entries.some((e) => e.isIntersecting)) return;
        reachedEnd.current = true;
        send({ scrolledToEnd: true });
      });
      observer.current.observe(element);
    },
    [enabled, send],
  );
  return endRef;
}

/** A video lesson: reports while it plays, and when it starts, stops or jumps. */
export function useVideoTracker(courseId: string, lessonId: string, enabled: boolean) {
  const send = useBeats(courseId, lessonId, enabled);
  const video = useRef<HTMLVideoElement | null>(null);
  const report = useCallback(() => {
    const el = video.current;
    if (!el || !Number.isFinite(el.currentTime)) return;
    send({
      positionSeconds: el.currentTime,
      ...(Number.isFinite(el.duration) && el.duration > 0 ? { durationSeconds: el.duration } : {}),
    });
  }, [send]);

  useEffect(() => {
    if (!enabled) return;
    const timer = window.setInterval(() => {
      if (video.current && !video.current.paused) report();
    }, BEAT_SECONDS * 1000);
    return () => window.clearInterval(timer);
  }, [enabled, report]);

  const now = (e: SyntheticEvent<HTMLVideoElement>) => {
    video.current = e.currentTarget;
    report();
  };
  return { onPlay: now, onPause: now, onSeeked: now, onEnded: now };
}
