import type { Db, DbOrTx } from '#server/db/client';
import type { QueueService } from '#server/queue/queue.service';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { AccountsService } from '#server/features/accounts';
import type { CertificatesService } from '#server/features/certificates';
import type { NotificationsService } from '#server/features/notifications';
import type { PurchaseKind } from '#server/features/payments';
import type { UploadsService } from '#server/features/uploads';
import { createAssignmentsService, type AssignmentsService } from './assignments.service';
import { createCompletion } from '../learning/course-completion';
import { createQuizzesService } from './quizzes.service';

/** Quizzes and assignments with the completion they share, built once by courses' module (index.ts). */
export function createAssessments(deps: {
  db: Db;
  accounts: AccountsService;
  uploads: UploadsService;
  notifications: NotificationsService;
  certificates: CertificatesService;
  realtime: RealtimeService;
  jobs: QueueService;
  now: () => Date;
}) {
  const completion = createCompletion(deps);
  const quizzes = createQuizzesService({ db: deps.db, completion, now: deps.now });
  const assignments = createAssignmentsService({ ...deps, completion, quizzes });
  return { quizzes, assignments };
}

/** A bought course schedules its assignments' reminders as a free enrolment does. */
export function withAssignmentReminders(kind: PurchaseKind, assignments: AssignmentsService): PurchaseKind {
  return {
    ...kind,
    async grant(tx: DbOrTx, buyerId: string, courseId: string) {
      const granted = await kind.grant(tx, buyerId, courseId);
      if (granted) await assignments.learnerEnrolled(tx, buyerId, courseId);
      return granted;
    },
  };
}
