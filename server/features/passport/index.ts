import { defineModule } from '#server/platform/module';
import { passportRoutes } from './passport.routes';
import { createPassportService, type PassportService } from './passport.service';

declare module '../../platform/module' {
  interface ModuleMap {
    passport: { passport: PassportService };
  }
}

export const passportModule = defineModule({
  name: 'passport',
  needs: ['accounts', 'skills', 'mentorship', 'notifications'],
  about:
    "The skills passport: each member's skills with the evidence courses, gigs, hires and mentors' endorsements give them, and the level it earns.",
  build: (p, { accounts, skills, mentorship, notifications }) => ({
    passport: createPassportService({ db: p.db, accounts, skills, mentorship, notifications, now: p.now }),
  }),
  contributes: ({ passport }) => ({
    skillLevels: (userIds) => passport.levelsOf(userIds),
    privacy: {
      exporters: { passport: (userId, tx) => passport.exportPassport(userId, tx) },
      erasers: { passport: (userId, tx) => passport.erasePassport(userId, tx) },
    },
  }),
  routes: ({ passport }) => [(app) => passportRoutes(app, { passport })],
});

/* The public surface other areas import (decision 045): everything else in this folder is internal. */
export { type PassportService } from './passport.service';
