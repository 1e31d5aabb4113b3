import type { TCourseStatus } from '#shared/courses/courses.constants';
import { afterCommit } from '#server/db/transaction';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { DbOrTx } from '#server/db/client';

type CourseEvent = 'course:created' | 'course:updated' | 'course:deleted';

/**
 * Course events go to those who may see the course (docs/product.md "Realtime": "each sent only to the users
 * allowed to see the resource"): everyone while it is or was just published; otherwise its
 * tutor, and the admins while it is or was just in review. Queued until the commit.
 */
export function announceCourse(
  realtime: RealtimeService,
  tx: DbOrTx,
  event: CourseEvent,
  course: { id: string; tutorId: string; status: TCourseStatus },
  before: TCourseStatus = course.status,
) {
  const statuses = [before, course.status];
  const payload = { resourceId: course.id };
  afterCommit(tx, () => {
    if (statuses.includes('published')) return realtime.emitToAll(event, payload);
    realtime.emitToUser(course.tutorId, event, payload);
    if (statuses.includes('in_review')) realtime.emitToRole('admin', event, payload);
  });
}
