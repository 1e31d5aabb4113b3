import type { Db, DbOrTx } from '#server/db/client';
import type { QueueService } from '#server/queue/queue.service';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { AccountsService } from '#server/features/accounts';
import type { CertificatesService } from '#server/features/certificates';
import type { NotificationsService } from '#server/features/notifications';
import type { PurchaseKind } from '#server/features/payments';
import type { SkillsService } from '#server/features/skills';
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
  skills: SkillsService;
  realtime: RealtimeService;
  jobs: QueueService;
  now: () => Date;
}) {
  const completion = createCompletion(deps);
  const quizzes = createQuizzesService({ db: deps.db, completion, now: deps.now });
  const assignments = createAssignmentsService({ ...deps, completion, quizzes });
  return { quizzes, assignments };
}

/**
 * A refund takes the course back, and with it the credential of its certificate (decision 073):
 * today a certificate blocks the course's refund, so this acts only if that rule ever bends.
 */
export function withCredentialWithdrawal(kind: PurchaseKind, certificates: CertificatesService): PurchaseKind {
  return {
    ...kind,
    async revoke(tx: DbOrTx, buyerId: string, courseId: string) {
      await kind.revoke(tx, buyerId, courseId);
      await certificates.withdraw(buyerId, courseId, 'The course was refunded.', tx);
    },
  };
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
