import { defineModule } from '#server/platform/module';
import type { Eraser, Exporter } from './privacy-registry';
import { registerPrivacyJobs } from './privacy.queue';
import { privacyRoutes } from './privacy.routes';
import { createPrivacyService, type PrivacyService } from './privacy.service';

declare module '../../platform/module' {
  interface ModuleMap {
    privacy: { privacy: PrivacyService };
  }
  interface Contributions {
    /**
     * An area's part of "Download my data" and "Delete my account" (decision 020), by section name.
     * Erasers run in the erasure's one transaction, before the account row itself is anonymised:
     * an area's before those of the areas it needs (the module order reversed).
     */
    privacy?: { exporters?: Record<string, Exporter>; erasers?: Record<string, Eraser> };
  }
}

export const privacyModule = defineModule({
  name: 'privacy',
  needs: ['accounts', 'auth', 'notifications', 'uploads'],
  about: 'Data export and account erasure (NDPA), consents, age gate for money steps.',
  build: (p, { accounts, auth, notifications, uploads }) => ({
    privacy: createPrivacyService({
      db: p.db,
      accounts,
      auth,
      notifications,
      uploads,
      realtime: p.realtime,
      jobs: p.queue,
      appUrl: p.config.appUrl,
      now: p.now,
    }),
  }),
  accepts: {
    privacy: ({ privacy }, { exporters = {}, erasers = {} }) => {
      for (const [section, exporter] of Object.entries(exporters)) privacy.registerExporter(section, exporter);
      privacy.registerErasersFirst(Object.entries(erasers));
    },
  },
  queue: (jobs, { privacy }) => registerPrivacyJobs(jobs, privacy),
  routes: ({ privacy }) => [(app) => privacyRoutes(app, { privacy })],
});

/* The public surface other areas import (decision 045): everything else in this folder is internal. */
export { type MoneySteps } from './age-gate';
