import { defineModule } from '#server/platform/module';
import { profilesRoutes } from './profiles.routes';
import { createProfilesService, type ProfilesService } from './profiles.service';

declare module '../../platform/module' {
  interface ModuleMap {
    profiles: { profiles: ProfilesService };
  }
}

export const profilesModule = defineModule({
  name: 'profiles',
  needs: ['accounts', 'skills', 'uploads'],
  about: "A member's profile: headline, bio, skills, avatar, the public page.",
  build: (p, { accounts, skills, uploads }) => ({
    profiles: createProfilesService({ db: p.db, accounts, skills, uploads, now: p.now }),
  }),
  contributes: ({ profiles }) => ({
    uploadAccess: { referrers: [(ids, tx) => profiles.uploadsInUse(ids, tx)] },
    privacy: {
      exporters: { profile: (userId, tx) => profiles.exportProfile(userId, tx) },
      erasers: { profile: (userId, tx) => profiles.eraseProfile(userId, tx) },
    },
  }),
  routes: ({ profiles }) => [(app) => profilesRoutes(app, { profiles })],
});

/* The public surface other areas import (decision 045): everything else in this folder is internal. */
export { memberSkills, profileSummaries } from './profile-subqueries.repo';
export { type ProfilesService } from './profiles.service';
