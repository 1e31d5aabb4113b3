import { defineModule } from '#server/platform/module';
import { passportRoutes } from './passport.routes';
import { createPassportService, type PassportService } from './passport.service';
import { registerPassportJobs } from './passport.queue';
import { createSkillCredentials, type SkillCredentials } from './skill-credentials';

declare module '../../platform/module' {
  interface ModuleMap {
    passport: { passport: PassportService; skillCredentials: SkillCredentials };
  }
}

export const passportModule = defineModule({
  name: 'passport',
  needs: ['accounts', 'skills', 'mentorship', 'notifications', 'credentials'],
  about:
    "The skills passport: each member's skills with the evidence courses, gigs, hires and mentors' endorsements give them, and the level it earns.",
  build: (p, { accounts, skills, mentorship, notifications, credentials }) => {
    const passport = createPassportService({ db: p.db, accounts, skills, mentorship, notifications, now: p.now });
    return { passport, skillCredentials: createSkillCredentials({ passport, credentials, appUrl: p.config.appUrl }) };
  },
  contributes: ({ passport }) => ({
    skillLevels: (userIds) => passport.levelsOf(userIds),
    privacy: {
      exporters: { passport: (userId, tx) => passport.exportPassport(userId, tx) },
      erasers: { passport: (userId, tx) => passport.erasePassport(userId, tx) },
    },
  }),
  queue: (jobs, { skillCredentials }) => registerPassportJobs(jobs, skillCredentials),
  routes: ({ passport, skillCredentials }) => [(app) => passportRoutes(app, { passport, skillCredentials })],
});

/* The public surface other areas import (decision 045): everything else in this folder is internal. */
export { type PassportService } from './passport.service';
