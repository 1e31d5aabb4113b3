import { defineModule } from '#server/platform/module';
import { eraseRoles, exportRoles } from './role-details';
import { rolesRoutes } from './roles.routes';
import { createRolesService, type CvReader, type RolesService } from './roles.service';

declare module '../../platform/module' {
  interface ModuleMap {
    roles: { roles: RolesService };
  }
  interface Contributions {
    /** Who besides the seeker may read a profile's CV (an employer they applied to). */
    cvReaders?: CvReader[];
  }
}

export const rolesModule = defineModule({
  name: 'roles',
  needs: ['accounts', 'uploads'],
  about: 'The roles a member takes (learner, tutor, employer, job seeker, talent, mentor) and their details.',
  build: (p, { accounts, uploads }) => ({ roles: createRolesService({ db: p.db, accounts, uploads, now: p.now }) }),
  accepts: { cvReaders: ({ roles }, readers) => readers.forEach((r) => roles.addCvReader(r)) },
  contributes: ({ roles }) => ({
    // An employer's logo and a seeker's CV: a CV is read by the seeker (and the readers roles allow).
    uploadAccess: {
      readers: [(user, id) => roles.mayReadUpload(user, id)],
      referrers: [(ids, tx) => roles.uploadsInUse(ids, tx)],
    },
    privacy: {
      exporters: { roles: (userId, tx) => exportRoles(userId, tx) },
      erasers: { roles: (userId, tx) => eraseRoles(userId, tx) },
    },
  }),
  routes: ({ roles }) => [(app) => rolesRoutes(app, { roles })],
});

/* The public surface other areas import (decision 045): everything else in this folder is internal. */
export { employerProfileOf, seekerProfileOf } from './role-details';
export { talentDetails } from './roles.repo';
