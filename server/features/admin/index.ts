import { defineModule } from '#server/platform/module';
import { createAdminConfirm, type AdminConfirm } from './admin-confirm';
import { adminConsoleRoutes } from './admin-console.routes';
import { adminGate } from './admin-gate';
import type { MemberActivity } from './admin-members.service';
import { createAdminQueues, type AdminQueue, type AdminQueues } from './admin-queues';
import { createAdminStats, type AdminStats, type DailySource, type MoneySource } from './admin-stats';
import { eraseAppeals, exportAppeals } from './admin.privacy';
import { registerAdminJobs } from './admin.queue';
import { adminRoutes } from './admin.routes';
import { createAdminService, type AdminService } from './admin.service';
import { appealsRoutes } from './appeals.routes';

declare module '../../platform/module' {
  interface ModuleMap {
    admin: { admin: AdminService; adminQueues: AdminQueues; adminStats: AdminStats; adminConfirm: AdminConfirm };
  }
  interface Contributions {
    /** Moderation queues of the console, each owned by the area whose items it holds (decision 027). */
    adminQueues?: AdminQueue[];
    /** The overview's daily figures. */
    dailyFigures?: DailySource[];
    /** Figures of one member's activity on the member page. */
    memberActivity?: MemberActivity[];
    /** The overview's money held in the members' wallets and the platform's fees (the wallet area). */
    moneyTotals?: MoneySource;
  }
}

export const adminModule = defineModule({
  name: 'admin',
  needs: ['accounts', 'auth', 'notifications'],
  about: 'The admin console: members, moderation queues, figures, audit log, broadcasts, appeals, invitations.',
  build: (p, { accounts, auth, security, notifications }) => {
    const { db, now, audit } = p;
    const admin = createAdminService({
      db,
      notifications,
      accounts,
      auth,
      security,
      realtime: p.realtime,
      jobs: p.queue,
      audit,
      now,
      appUrl: p.config.appUrl,
    });
    const adminQueues = createAdminQueues({ db, now, audit: (tx, v) => audit.record(v, tx) });
    return {
      admin,
      adminQueues,
      adminStats: createAdminStats({ db, now, queues: adminQueues }),
      adminConfirm: createAdminConfirm({ db, accounts, security, now }),
    };
  },
  accepts: {
    adminQueues: ({ adminQueues }, queues) => queues.forEach((q) => adminQueues.register(q)),
    dailyFigures: ({ adminStats }, figures) => figures.forEach((f) => adminStats.addDaily(f)),
    memberActivity: ({ admin }, activity) => activity.forEach((a) => admin.members.addActivity(a)),
    moneyTotals: ({ adminStats }, source) => adminStats.setMoney(source),
  },
  contributes: ({ admin }, _deps, p) => ({
    adminQueues: [admin.appeals.queue],
    privacy: {
      exporters: { appeals: (userId, tx) => exportAppeals(userId, tx) },
      erasers: {
        appeals: (userId, tx) => eraseAppeals(userId, tx),
        // The audit log the admin area reads: lines about the member keep ids only.
        audit: (_userId, tx, person) => p.audit.eraseMember(person, tx),
      },
    },
  }),
  queue: (jobs, { admin }) => registerAdminJobs(jobs, admin.members),
  http: (app, { adminConfirm }) => {
    app.decorate('adminConfirm', adminConfirm);
    // Default deny for /api/admin/*, before bodies are read (decision 027).
    app.addHook('onRequest', adminGate);
  },
  routes: ({ admin, adminQueues, adminStats, adminConfirm }) => [
    (app) => adminRoutes(app, { admin }),
    (app) => adminConsoleRoutes(app, { admin, adminQueues, adminStats, adminConfirm }),
    (app) => appealsRoutes(app, { admin }),
  ],
});

/* The public surface other areas import (decision 045): everything else in this folder is internal. */
export { requireConfirmedAdmin } from './admin-confirm';
export { markDestructive } from './admin-gate';
export { type MemberActivity } from './admin-members.service';
export { type AdminQueue } from './admin-queues';
export { type DailySource, type MoneySource } from './admin-stats';
