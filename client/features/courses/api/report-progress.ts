import { ZProgress, type TProgress } from '#shared/courses/lessons.schemas';
import type { TLessonBeat } from '#shared/courses/lesson-progress';
import { apiPost, encodeId } from '#client/lib/api-client';

/**
 * POST /api/courses/{id}/lessons/{lessonId}/progress: what the player saw since its last report.
 * The server measures the time between reports itself and completes the lesson once its facts
 * are met (decision 052); it answers the new progress.
 */
export async function reportProgress(courseId: string, lessonId: string, beat: TLessonBeat): Promise<TProgress> {
  return ZProgress.parse(
    await apiPost<unknown>(`/api/courses/${encodeId(courseId)}/lessons/${encodeId(lessonId)}/progress`, beat),
  );
}
