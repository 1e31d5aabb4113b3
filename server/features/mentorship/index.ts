import { defineModule } from '#server/platform/module';
import { createAvailabilityService, type AvailabilityService } from './availability/availability.service';
import { flaggedMentorsQueue, mentorApplicationsQueue } from './mentorship-admin-queue';
import { mentorshipActivity, sessionsHeldFigures } from './mentorship-admin';
import { mentorshipAdminRoutes } from './mentorship-admin.routes';
import { mentorshipPrivacyRepo } from './mentorship-privacy.repo';
import { registerMentorshipJobs, stopGatewayBillingJob } from './subscriptions/mentorship.queue';
import { mentorshipRoutes } from './mentorship.routes';
import { createMentorship, type MentorshipService } from './mentorship.service';
import { eraseMentorReviews, exportMentorReviews } from './reviews/reviews.privacy';
import { eraseMentorSessions, exportMentorSessions } from './sessions/sessions.privacy';
import { registerSessionsJobs } from './sessions/sessions.queue';
import { sessionsRoutes } from './sessions/sessions.routes';
import { createSessionsService, type SessionsService } from './sessions/sessions.service';

declare module '../../platform/module' {
  interface ModuleMap {
    mentorship: {
      mentorship: MentorshipService;
      mentorAvailability: AvailabilityService;
      mentorSessions: SessionsService;
    };
  }
}

export const mentorshipModule = defineModule({
  name: 'mentorship',
  needs: ['accounts', 'notifications', 'privacy', 'skills', 'payments', 'calls'],
  about: 'Mentor applications, plans and paid subscriptions, availability and booked video sessions, reviews.',
  build: (p, { accounts, notifications, privacy, skills, payments, calls }) => {
    const { db, now, queue: jobs, realtime } = p;
    const mentorship = createMentorship({
      db,
      accounts,
      notifications,
      realtime,
      jobs,
      audit: p.audit,
      moneySteps: privacy,
      skills,
      now,
      log: p.log,
      payments,
    });
    const mentorAvailability = createAvailabilityService({ db, accounts, now });
    const mentorSessions = createSessionsService({
      db,
      accounts,
      availability: mentorAvailability,
      jobs,
      notifications,
      realtime,
      calls,
      now,
    });
    return { mentorship, mentorAvailability, mentorSessions };
  },
  plug: ({ mentorSessions }) => mentorSessions.registerCalls(),
  contributes: ({ mentorship }, { notifications, skills }, p) => ({
    purchaseKinds: mentorship.purchaseKinds,
    adminQueues: [mentorApplicationsQueue({ skills }), flaggedMentorsQueue({ notifications, now: p.now })],
    dailyFigures: [sessionsHeldFigures],
    memberActivity: mentorshipActivity,
    privacy: {
      exporters: {
        mentorship: (userId, tx) => mentorshipPrivacyRepo.export(tx, userId),
        'mentorship-sessions': (userId, tx) => exportMentorSessions(userId, tx),
        'mentorship-reviews': (userId, tx) => exportMentorReviews(userId, tx),
      },
      erasers: {
        'mentorship-sessions': (userId, tx) => eraseMentorSessions(userId, tx),
        'mentorship-reviews': (userId, tx) => eraseMentorReviews(userId, tx),
        mentorship: async (userId, tx) => {
          // The gateway would go on charging for a subscription that no longer exists: stopped after commit.
          for (const m of await mentorshipPrivacyRepo.gatewayMandates(tx, userId))
            await p.queue.send(tx, stopGatewayBillingJob, m);
          await mentorshipPrivacyRepo.erase(tx, userId);
        },
      },
    },
  }),
  queue: (jobs, { mentorship, mentorSessions }, { payments }) => {
    registerMentorshipJobs(jobs, mentorship.subscriptions, payments);
    registerSessionsJobs(jobs, mentorSessions);
  },
  routes: ({ mentorship, mentorAvailability, mentorSessions }) => [
    (app) => mentorshipRoutes(app, { mentorship }),
    (app) => mentorshipAdminRoutes(app, { mentorship }),
    sessionsRoutes(mentorAvailability, mentorSessions),
  ],
});

/* The public surface other areas import (decision 045): everything else in this folder is internal. */
export { type MentorshipService } from './mentorship.service';
