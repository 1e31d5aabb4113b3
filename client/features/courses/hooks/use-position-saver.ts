import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, type SyntheticEvent } from 'react';
import type { TProgress } from '#shared/courses/lessons.schemas';
import { courseProgressKey } from '../api/query-keys';
import { savePosition } from '../api/save-position';

/** At most one save every 10 s while the video plays. */
export const POSITION_SAVE_MS = 10_000;

/**
 * Remembers where the learner is in a lesson's video: while playing (throttled), on pause, and
 * on leaving (another lesson, another page, or the tab closing). The position is kept from the
 * video's own events, because on unmount the element is already gone. Unchanged positions are
 * not sent again.
 */
export function usePositionSaver(courseId: string, lessonId: string, enabled: boolean) {
  const client = useQueryClient();
  const position = useRef<number | null>(null);
  const lastSentAt = useRef(0);
  const lastSent = useRef<number | null>(null);

  const flush = useCallback(() => {
    if (!enabled || position.current === null) return;
    const seconds = Math.floor(position.current);
    if (seconds === lastSent.current) return;
    lastSent.current = seconds;
    lastSentAt.current = Date.now();
    savePosition(courseId, lessonId, seconds);
    // The cached progress follows, so coming back to this lesson resumes here without a refetch.
    client.setQueryData<TProgress>(
      courseProgressKey(courseId),
      (p) => p && { ...p, lastLessonId: lessonId, lastPositionSeconds: seconds },
    );
  }, [client, courseId, lessonId, enabled]);

  useEffect(() => {
    window.addEventListener('pagehide', flush);
    return () => {
      window.removeEventListener('pagehide', flush);
      flush();
    };
  }, [flush]);

  const note = (e: SyntheticEvent<HTMLVideoElement>) => {
    if (Number.isFinite(e.currentTarget.currentTime)) position.current = e.currentTarget.currentTime;
  };

  return {
    onTimeUpdate: (e: SyntheticEvent<HTMLVideoElement>) => {
      note(e);
      // The clock starts at the first tick of playback, not at page load.
      if (lastSentAt.current === 0) lastSentAt.current = Date.now();
      else if (!e.currentTarget.paused && Date.now() - lastSentAt.current >= POSITION_SAVE_MS) flush();
    },
    onSeeked: note,
    onPause: (e: SyntheticEvent<HTMLVideoElement>) => {
      note(e);
      flush();
    },
    onEnded: (e: SyntheticEvent<HTMLVideoElement>) => {
      note(e);
      flush();
    },
  };
}
