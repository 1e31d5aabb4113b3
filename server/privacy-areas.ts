import type { Services } from './app';
import { authPrivacyRepo } from './features/auth/auth-privacy.repo';
import { eraseSecurity, exportSecurity } from './features/auth/security.privacy';
import { eraseRoles, exportRoles } from './features/roles/role-details';
import { eraseAssessments, exportAssessments } from './features/courses/assessments.privacy';
import { eraseLessonQa, exportLessonQa } from './features/courses/lesson-qa.privacy';
import { certificatesPrivacyRepo } from './features/certificates/certificates-privacy.repo';
import { coursesPrivacyRepo } from './features/courses/courses-privacy.repo';
import { notificationsPrivacyRepo } from './features/notifications/notifications-privacy.repo';
import { paymentsPrivacyRepo } from './features/payments/payments-privacy.repo';
import { eraseJobs, exportJobs } from './features/jobs/jobs.privacy';
import { eraseTalent, exportTalent } from './features/talent/talent.privacy';
import { mentorshipPrivacyRepo } from './features/mentorship/mentorship-privacy.repo';
import { eraseMentorSessions, exportMentorSessions } from './features/mentorship/sessions.privacy';
import { eraseMentorReviews, exportMentorReviews } from './features/mentorship/reviews.privacy';
import { stopGatewayBillingJob } from './features/mentorship/mentorship.queue';
import { eraseAppeals, exportAppeals } from './features/admin/admin.privacy';

/**
 * Every area's part of "Download my data" and "Delete my account" (decision 020), registered in
 * one place like purchase kinds and upload readers. A new area adds its two lines here:
 * `privacy.registerExporter('<area>', (userId, tx) => data)` and
 * `privacy.registerEraser('<area>', (userId, tx, person) => ...)`. Erasers run in this order,
 * in the erasure's one transaction, before the account row itself is anonymised.
 */
export function registerPrivacyAreas(s: Pick<Services, 'privacy' | 'accounts' | 'uploads' | 'profiles' | 'chatSafety' | 'jobs'>) {
  const { privacy, accounts, uploads, profiles, chatSafety, jobs } = s;
  privacy.registerExporter('account', (userId, tx) => accounts.exportAccount(userId, tx));
  privacy.registerExporter('sessions', (userId, tx) => authPrivacyRepo.export(tx, userId));
  privacy.registerExporter('notifications', (userId, tx) => notificationsPrivacyRepo.export(tx, userId));
  privacy.registerExporter('courses', (userId, tx) => coursesPrivacyRepo.export(tx, userId));
  privacy.registerExporter('certificates', (userId, tx) => certificatesPrivacyRepo.export(tx, userId));
  privacy.registerExporter('payments', (userId, tx) => paymentsPrivacyRepo.export(tx, userId));
  privacy.registerExporter('uploads', (userId, tx) => uploads.exportOf(userId, tx));
  privacy.registerExporter('profile', (userId, tx) => profiles.exportProfile(userId, tx));
  privacy.registerExporter('assessments', (userId, tx) => exportAssessments(userId, tx));
  privacy.registerExporter('lesson-qa', (userId, tx) => exportLessonQa(userId, tx));
  privacy.registerExporter('roles', (userId, tx) => exportRoles(userId, tx));
  privacy.registerExporter('security', (userId, tx) => exportSecurity(userId, tx));
  privacy.registerExporter('chat', (userId, tx) => chatSafety.exportChat(userId, tx));
  privacy.registerExporter('jobs', (userId, tx) => exportJobs(userId, tx));
  privacy.registerExporter('talent', (userId, tx) => exportTalent(userId, tx));
  privacy.registerExporter('mentorship', (userId, tx) => mentorshipPrivacyRepo.export(tx, userId));
  privacy.registerExporter('mentorship-sessions', (userId, tx) => exportMentorSessions(userId, tx));
  privacy.registerExporter('mentorship-reviews', (userId, tx) => exportMentorReviews(userId, tx));
  privacy.registerExporter('appeals', (userId, tx) => exportAppeals(userId, tx));

  privacy.registerEraser('sessions', (userId, tx, person) => authPrivacyRepo.erase(tx, userId, [person.username, person.email]));
  privacy.registerEraser('notifications', (userId, tx, person) => notificationsPrivacyRepo.erase(tx, userId, person.fullName));
  privacy.registerEraser('certificates', (userId, tx) => certificatesPrivacyRepo.erase(tx, userId));
  privacy.registerEraser('courses', (userId, tx) => coursesPrivacyRepo.erase(tx, userId));
  privacy.registerEraser('security', (userId, tx) => eraseSecurity(userId, tx));
  privacy.registerEraser('chat', (userId, tx) => chatSafety.eraseChat(userId, tx));
  privacy.registerEraser('mentorship-sessions', (userId, tx) => eraseMentorSessions(userId, tx));
  privacy.registerEraser('mentorship-reviews', (userId, tx) => eraseMentorReviews(userId, tx));
  privacy.registerEraser('appeals', (userId, tx) => eraseAppeals(userId, tx));
  privacy.registerEraser('assessments', (userId, tx) => eraseAssessments(userId, tx));
  privacy.registerEraser('lesson-qa', (userId, tx) => eraseLessonQa(userId, tx));
  privacy.registerEraser('jobs', (userId, tx) => eraseJobs(userId, tx));
  privacy.registerEraser('talent', (userId, tx) => eraseTalent(userId, tx));
  privacy.registerEraser('roles', (userId, tx) => eraseRoles(userId, tx));
  privacy.registerEraser('profile', (userId, tx) => profiles.eraseProfile(userId, tx));
  privacy.registerEraser('uploads', (userId, tx) => uploads.eraseOwner(userId, tx));
  privacy.registerEraser('mentorship', async (userId, tx) => {
    // The gateway would go on charging for a subscription that no longer exists: stopped after commit.
    for (const m of await mentorshipPrivacyRepo.gatewayMandates(tx, userId)) await jobs.send(tx, stopGatewayBillingJob, m);
    await mentorshipPrivacyRepo.erase(tx, userId);
  });
}
