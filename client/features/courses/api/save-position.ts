import { apiRequest, encodeId } from '#client/lib/api-client';

/**
 * PUT /api/courses/{id}/position {lessonId, positionSeconds}: where the video was left, to
 * resume there. Fire and forget: a lost position only costs a few seconds of replay, so it is
 * neither retried nor shown. `keepalive` lets the last one leave with the page.
 */
export function savePosition(courseId: string, lessonId: string, positionSeconds: number): void {
  const body = { lessonId, positionSeconds: Math.max(0, Math.floor(positionSeconds)) };
  apiRequest('PUT', `/api/courses/${encodeId(courseId)}/position`, { body, keepalive: true }).catch(() => undefined);
}
