import { defineModule } from '#server/platform/module';
import type { ReportKind } from './report-kinds';
import { reportsQueue } from './reports-admin-queue';
import { reportsRoutes } from './reports.routes';
import { createReportsService, type ReportsService } from './reports.service';

declare module '../../platform/module' {
  interface ModuleMap {
    reports: { reports: ReportsService };
  }
  interface Contributions {
    /** What members can report (a message, a member, a lesson question) and how the admin sees it. */
    reportKinds?: ReportKind[];
  }
}

export const reportsModule = defineModule({
  name: 'reports',
  needs: ['notifications', 'accounts'],
  about: 'Reports of messages, members and lesson Q&A, and their moderation queue.',
  build: (p) => ({ reports: createReportsService({ db: p.db }) }),
  accepts: { reportKinds: ({ reports }, kinds) => kinds.forEach((k) => reports.addKind(k)) },
  contributes: (_s, { notifications, accounts }) => ({ adminQueues: [reportsQueue(notifications, accounts)] }),
  routes: ({ reports }) => [(app) => reportsRoutes(app, { reports })],
});

/* The public surface other areas import (decision 045): everything else in this folder is internal. */
export { type ReportKind } from './report-kinds';
export { reportTargets } from './reports.repo';
