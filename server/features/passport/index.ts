import { defineModule } from '#server/platform/module';
import { passportRoutes } from './passport.routes';
import { createPassportService, type PassportService } from './passport.service';
import { backfillIfNeeded, registerPassportJobs } from './passport.queue';
import { atLevel } from './passport-levels.repo';
import { createPassportLevels, type PassportLevels } from './passport-levels';
import { createSkillCredentials, type SkillCredentials } from './skill-credentials';

declare module '../../platform/module' {
  interface ModuleMap {
    passport: { passport: PassportService; skillCredentials: SkillCredentials; passportLevels: PassportLevels };
  }
}

export const passportModule = defineModule({
  name: 'passport',
  needs: ['accounts', 'skills', 'mentorship', 'notifications', 'credentials'],
  about:
    "The skills passport: each member's skills with the evidence courses, gigs, hires and mentors' endorsements give them, and the level it earns.",
  build: (p, { accounts, skills, mentorship, notifications, credentials }) => {
    const passportLevels = createPassportLevels({ db: p.db, now: p.now });
    const passport = createPassportService({
      db: p.db,
      accounts,
      skills,
      mentorship,
      notifications,
      levels: passportLevels,
      now: p.now,
    });
    const skillCredentials = createSkillCredentials({ passport, credentials, appUrl: p.config.appUrl });
    return { passport, skillCredentials, passportLevels };
  },
  contributes: ({ passport, passportLevels }) => ({
    skillLevels: {
      levelsOf: (userIds) => passport.levelsOf(userIds),
      storedLevels: (userIds) => passportLevels.levelsBySlug(userIds),
      evidenceChanged: (userIds, tx) => passportLevels.recompute(userIds, tx),
      atLevel,
    },
    privacy: {
      exporters: { passport: (userId, tx) => passport.exportPassport(userId, tx) },
      erasers: { passport: (userId, tx) => passport.erasePassport(userId, tx) },
    },
  }),
  queue: (jobs, { skillCredentials, passportLevels }) => registerPassportJobs(jobs, skillCredentials, passportLevels),
  // A database from before the stored levels (migration 0041) gets them filled in the background.
  started: async ({ passportLevels }, p) => void (await backfillIfNeeded(p.queue, p.db, passportLevels)),
  routes: ({ passport, skillCredentials }) => [(app) => passportRoutes(app, { passport, skillCredentials })],
});

/* The public surface other areas import (decision 045): everything else in this folder is internal. */
export { type PassportService } from './passport.service';
