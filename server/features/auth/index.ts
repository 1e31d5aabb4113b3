import { defineModule } from '#server/platform/module';
import { authPrivacyRepo } from './auth-privacy.repo';
import { authRoutes } from './auth.routes';
import { registerAuthJobs } from './auth.queue';
import { createAuthService, type AuthService } from './auth.service';
import { eraseSecurity, exportSecurity } from './security.privacy';
import { securityRoutes } from './security.routes';
import { createSecurityService, type SecurityService } from './security.service';

declare module '../../platform/module' {
  interface ModuleMap {
    auth: { auth: AuthService; security: SecurityService };
  }
}

export const authModule = defineModule({
  name: 'auth',
  needs: ['accounts'],
  about: 'Sign-up, sign-in, sessions, password reset; account security (consents, e-mail change, devices).',
  build: (p, { accounts }) => {
    const { db, queue: jobs, mailer, now } = p;
    const appUrl = p.config.appUrl;
    const auth = createAuthService({ db, accounts, jobs, mailer, appUrl, now, limitScale: p.config.rateLimitScale });
    const security = createSecurityService({ db, accounts, jobs, realtime: p.realtime, appUrl, now });
    auth.registerLinkMail('change_email', security.emailChangeLinkMail);
    return { auth, security };
  },
  plug: ({ auth }, _deps, p) => {
    p.realtimeHooks.authenticate = (token) => auth.authenticate(token);
  },
  queue: (jobs, { auth }) => registerAuthJobs(jobs, auth),
  http: (app, { auth }) => app.decorate('sessionOf', (token: string) => auth.authenticate(token)),
  contributes: () => ({
    privacy: {
      exporters: {
        sessions: (userId, tx) => authPrivacyRepo.export(tx, userId),
        security: (userId, tx) => exportSecurity(userId, tx),
      },
      erasers: {
        sessions: (userId, tx, person) => authPrivacyRepo.erase(tx, userId, [person.username, person.email]),
        security: (userId, tx) => eraseSecurity(userId, tx),
      },
    },
  }),
  routes: ({ auth, security }, _deps, p) => [
    (app) => authRoutes(app, { auth, realtime: p.realtime }),
    (app) => securityRoutes(app, { security }),
  ],
});

/* The public surface other areas import (decision 045): everything else in this folder is internal. */
export { type AuthService, type LinkMail } from './auth.service';
export { type SecurityService } from './security.service';
export { sessionRecords } from './session-records.repo';
