import { eq, inArray } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '#server/db/client';
import {
  employerProfiles,
  jobSeekerProfiles,
  talentProfiles,
  type EmployerProfileRow,
  type JobSeekerProfileRow,
  type TalentProfileRow,
} from './roles.table';

export type { EmployerProfileRow, JobSeekerProfileRow, TalentProfileRow } from './roles.table';

type Values<Row> = Omit<Row, 'userId' | 'updatedAt'>;

/** The role details tables: one row per member and role, written whole on each save. */
export const rolesRepo = {
  async employer(db: DbOrTx, userId: string): Promise<EmployerProfileRow | undefined> {
    const [row] = await db.select().from(employerProfiles).where(eq(employerProfiles.userId, userId)).limit(1);
    return row;
  },
  async talent(db: DbOrTx, userId: string): Promise<TalentProfileRow | undefined> {
    const [row] = await db.select().from(talentProfiles).where(eq(talentProfiles.userId, userId)).limit(1);
    return row;
  },
  async jobSeeker(db: DbOrTx, userId: string): Promise<JobSeekerProfileRow | undefined> {
    const [row] = await db.select().from(jobSeekerProfiles).where(eq(jobSeekerProfiles.userId, userId)).limit(1);
    return row;
  },

  async saveEmployer(
    db: DbOrTx,
    userId: string,
    values: Values<EmployerProfileRow>,
    at: Date,
  ): Promise<EmployerProfileRow> {
    const [row] = await db
      .insert(employerProfiles)
      .values({ userId, ...values, updatedAt: at })
      .onConflictDoUpdate({ target: employerProfiles.userId, set: { ...values, updatedAt: at } })
      .returning();
    return row!;
  },
  async saveTalent(
    db: DbOrTx,
    userId: string,
    values: Omit<Values<TalentProfileRow>, 'searchVector' | 'skillIds' | 'rating' | 'reviewCount' | 'ownerDeleted'>,
    at: Date,
  ): Promise<TalentProfileRow> {
    const [row] = await db
      .insert(talentProfiles)
      .values({ userId, ...values, updatedAt: at })
      .onConflictDoUpdate({ target: talentProfiles.userId, set: { ...values, updatedAt: at } })
      .returning();
    return row!;
  },
  async saveJobSeeker(
    db: DbOrTx,
    userId: string,
    values: Values<JobSeekerProfileRow>,
    at: Date,
  ): Promise<JobSeekerProfileRow> {
    const [row] = await db
      .insert(jobSeekerProfiles)
      .values({ userId, ...values, updatedAt: at })
      .onConflictDoUpdate({ target: jobSeekerProfiles.userId, set: { ...values, updatedAt: at } })
      .returning();
    return row!;
  },

  /** Which of these uploads a role uses (an employer's logo, a seeker's CV), for garbage collection. */
  async uploadsInUse(db: DbOrTx, ids: string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const logos = await db
      .select({ id: employerProfiles.logoUploadId })
      .from(employerProfiles)
      .where(inArray(employerProfiles.logoUploadId, ids));
    const cvs = await db
      .select({ id: jobSeekerProfiles.cvUploadId })
      .from(jobSeekerProfiles)
      .where(inArray(jobSeekerProfiles.cvUploadId, ids));
    return [...logos, ...cvs].map((r) => r.id!);
  },

  /** The seeker whose CV this upload is, if it is one. */
  async cvOwner(db: DbOrTx, uploadId: string): Promise<string | undefined> {
    const [row] = await db
      .select({ userId: jobSeekerProfiles.userId })
      .from(jobSeekerProfiles)
      .where(eq(jobSeekerProfiles.cvUploadId, uploadId))
      .limit(1);
    return row?.userId;
  },

  /** Erasure (privacy): every role detail of the member goes. */
  async deleteAll(db: DbOrTx, userId: string): Promise<void> {
    await db.delete(employerProfiles).where(eq(employerProfiles.userId, userId));
    await db.delete(talentProfiles).where(eq(talentProfiles.userId, userId));
    await db.delete(jobSeekerProfiles).where(eq(jobSeekerProfiles.userId, userId));
  },
};

const qb = new QueryBuilder();

/**
 * The details of every member who took the talent role (rate, availability), under the name
 * `alias`: the talent directory joins it in its one statement.
 */
export function talentDetails(alias: string) {
  return qb
    .select({
      userId: talentProfiles.userId,
      hourlyRateMinor: talentProfiles.hourlyRateMinor,
      currency: talentProfiles.currency,
      availability: talentProfiles.availability,
      availableFrom: talentProfiles.availableFrom,
      updatedAt: talentProfiles.updatedAt,
      // Kept by triggers for the directory's search (decision 082).
      searchVector: talentProfiles.searchVector,
      skillIds: talentProfiles.skillIds,
      rating: talentProfiles.rating,
      reviewCount: talentProfiles.reviewCount,
      // Kept by a trigger on users (decision 088): the directory lists without reading users.
      ownerDeleted: talentProfiles.ownerDeleted,
    })
    .from(talentProfiles)
    .as(alias);
}
