import type { z } from 'zod';
import type { Db, DbOrTx } from '#server/db/client';
import { transaction } from '#server/db/transaction';
import { AppError } from '#server/lib/errors';
import type { TUser } from '#shared/accounts/accounts.schemas';
import {
  CV_MAX_BYTES,
  type TEmployerProfile,
  type TJobSeekerProfile,
  type TRoleDetails,
  type TTalentProfile,
  type ZEmployerInput,
  type ZJobSeekerInput,
  type ZTalentInput,
} from '#shared/accounts/roles.schemas';
import { holdsRole, type TRole } from '#shared/roles';
import type { AccountsService } from '../accounts';
import type { UploadsService } from '../uploads';
import { assertMayEditDetails, assertMayMakePrimary, assertMayTake } from './roles.policy';
import { presentEmployer, presentJobSeeker, presentTalent } from './roles.presenter';
import { rolesRepo } from './roles.repo';

/**
 * Another area's say on who, besides the seeker, may read a CV: jobs will let an employer read
 * the CV of a seeker who applied to them. Contributed by the jobs module (`cvReaders`), like upload readers.
 */
export type CvReader = (viewer: TUser, seekerId: string, tx: DbOrTx) => Promise<boolean>;

export interface RolesDeps {
  db: Db;
  accounts: AccountsService;
  uploads: UploadsService;
  now: () => Date;
}

/** The roles a member takes on from /profile, which is primary, and each role's details. */
export function createRolesService(deps: RolesDeps) {
  const { db, accounts, uploads, now } = deps;
  const cvReaders: CvReader[] = [];

  const presentUpload = async (id: string | null, tx: DbOrTx) =>
    id ? ((await uploads.presentMany([id], tx)).get(id) ?? null) : null;

  return {
    addCvReader(reader: CvReader): void {
      cvReaders.push(reader);
    },

    /** Takes a role on; taking one already held changes nothing but, when asked, the primary role. */
    async take(user: TUser, role: TRole, primary = false): Promise<TUser> {
      assertMayTake(user, role);
      if (holdsRole(user, role) && (!primary || user.role === role)) return user;
      return accounts.present(await accounts.grantRole(user.id, role, primary));
    },

    /** Makes a held role primary: navigation follows it. */
    async makePrimary(user: TUser, role: TRole): Promise<TUser> {
      assertMayMakePrimary(user, role);
      const row = await accounts.setPrimaryRole(user.id, role);
      // Held when the session was read, and roles are never given up: only a deleted account misses.
      if (!row) throw new AppError('NOT_FOUND', 'User not found.');
      return accounts.present(row);
    },

    async details(user: TUser): Promise<TRoleDetails> {
      const [employer, talent, jobSeeker] = [
        await rolesRepo.employer(db, user.id),
        await rolesRepo.talent(db, user.id),
        await rolesRepo.jobSeeker(db, user.id),
      ];
      return {
        employer: employer ? presentEmployer(employer, await presentUpload(employer.logoUploadId, db)) : null,
        talent: talent ? presentTalent(talent) : null,
        jobSeeker: jobSeeker ? presentJobSeeker(jobSeeker, await presentUpload(jobSeeker.cvUploadId, db)) : null,
        teachingStorage: await uploads.teachingStorage(user),
      };
    },

    async saveEmployer(user: TUser, input: z.output<typeof ZEmployerInput>): Promise<TEmployerProfile> {
      assertMayEditDetails(user, 'employer');
      return transaction(db, async (tx) => {
        if (input.logoUploadId) await uploads.requireOwned(user.id, [input.logoUploadId], 'image', 'logoUploadId', tx);
        const row = await rolesRepo.saveEmployer(tx, user.id, input, now());
        return presentEmployer(row, await presentUpload(row.logoUploadId, tx));
      });
    },

    async saveTalent(user: TUser, input: z.output<typeof ZTalentInput>): Promise<TTalentProfile> {
      assertMayEditDetails(user, 'talent');
      return presentTalent(await rolesRepo.saveTalent(db, user.id, input, now()));
    },

    async saveJobSeeker(user: TUser, input: z.output<typeof ZJobSeekerInput>): Promise<TJobSeekerProfile> {
      assertMayEditDetails(user, 'job_seeker');
      return transaction(db, async (tx) => {
        if (input.cvUploadId) {
          // The uploads service checked the bytes are a PDF; a CV has a tighter size limit.
          const [cv] = await uploads.requireOwned(user.id, [input.cvUploadId], 'document', 'cvUploadId', tx);
          if (cv!.size > CV_MAX_BYTES) {
            throw new AppError('VALIDATION_FAILED', 'A CV can be at most 5 MB: upload a smaller PDF.', {
              cvUploadId: 'At most 5 MB',
            });
          }
        }
        const row = await rolesRepo.saveJobSeeker(
          tx,
          user.id,
          { ...input, desiredRoles: [...new Set(input.desiredRoles)] },
          now(),
        );
        return presentJobSeeker(row, await presentUpload(row.cvUploadId, tx));
      });
    },

    /** Upload reader: a CV is the seeker's, and whoever a registered CV reader allows. */
    async mayReadUpload(user: TUser | null, uploadId: string): Promise<boolean> {
      if (!user) return false;
      const seekerId = await rolesRepo.cvOwner(db, uploadId);
      if (!seekerId) return false;
      if (seekerId === user.id) return true;
      for (const reader of cvReaders) if (await reader(user, seekerId, db)) return true;
      return false;
    },

    /** Upload referrer: the logos and CVs the role details link. */
    uploadsInUse: (ids: string[], tx: DbOrTx) => rolesRepo.uploadsInUse(tx, ids),
  };
}

export type RolesService = ReturnType<typeof createRolesService>;
