import type { DbOrTx } from '#server/db/client';
import { type EmployerProfileRow, type JobSeekerProfileRow, rolesRepo, type TalentProfileRow } from './roles.repo';

/**
 * What other areas read of a member's role details, inside their own transaction: jobs name the
 * employer's company, talent shows the rate and availability, applications attach the CV.
 * Undefined until the member has filled the details in.
 */
export type EmployerProfile = Omit<EmployerProfileRow, 'userId'>;
export type TalentProfile = Omit<TalentProfileRow, 'userId'>;
export type SeekerProfile = Omit<JobSeekerProfileRow, 'userId'>;

const withoutUser = <T extends { userId: string }>(row: T | undefined) => {
  if (!row) return undefined;
  const { userId: _userId, ...rest } = row;
  return rest;
};

export const employerProfileOf = async (userId: string, tx: DbOrTx): Promise<EmployerProfile | undefined> =>
  withoutUser(await rolesRepo.employer(tx, userId));

export const talentProfileOf = async (userId: string, tx: DbOrTx): Promise<TalentProfile | undefined> =>
  withoutUser(await rolesRepo.talent(tx, userId));

/** The seeker's details; `cvUploadId` is the CV to attach to an application. */
export const seekerProfileOf = async (userId: string, tx: DbOrTx): Promise<SeekerProfile | undefined> =>
  withoutUser(await rolesRepo.jobSeeker(tx, userId));

/** Privacy registry (issue 11): the member's role details as they are stored, for "Download my data". */
export async function exportRoles(userId: string, tx: DbOrTx) {
  const [employer, talent, jobSeeker] = [
    await employerProfileOf(userId, tx),
    await talentProfileOf(userId, tx),
    await seekerProfileOf(userId, tx),
  ];
  return { employer: employer ?? null, talent: talent ?? null, jobSeeker: jobSeeker ?? null };
}

/**
 * Privacy registry: erases the member's role details. The logo and CV files themselves are
 * uploads, removed with the member's other uploads; with no row linking them any more, garbage
 * collection would also take them.
 */
export async function eraseRoles(userId: string, tx: DbOrTx): Promise<void> {
  await rolesRepo.deleteAll(tx, userId);
}
