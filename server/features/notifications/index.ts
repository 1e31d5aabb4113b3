import { defineModule } from '#server/platform/module';
import { notificationsPrivacyRepo } from './notifications-privacy.repo';
import { registerNotificationsJobs } from './notifications.queue';
import { notificationsRoutes } from './notifications.routes';
import { createNotificationsService, type NotificationsService } from './notifications.service';

declare module '../../platform/module' {
  interface ModuleMap {
    notifications: { notifications: NotificationsService };
  }
}

export const notificationsModule = defineModule({
  name: 'notifications',
  needs: [],
  about: 'In-app notifications with e-mail copies by preference, and broadcasts.',
  build: (p) => ({
    notifications: createNotificationsService({
      db: p.db,
      realtime: p.realtime,
      jobs: p.queue,
      appUrl: p.config.appUrl,
    }),
  }),
  queue: (jobs, { notifications }) => registerNotificationsJobs(jobs, notifications),
  contributes: ({ notifications }) => ({
    privacy: {
      exporters: { notifications: (userId, tx) => notificationsPrivacyRepo.export(tx, userId) },
      erasers: { notifications: (_userId, tx, person) => notifications.eraseMember(person, tx) },
    },
  }),
  routes: ({ notifications }) => [(app) => notificationsRoutes(app, { notifications })],
});

/* The public surface other areas import (decision 045): everything else in this folder is internal. */
export { inAppTurnedOff } from './notification-preferences.repo';
export { type NotificationsService } from './notifications.service';
