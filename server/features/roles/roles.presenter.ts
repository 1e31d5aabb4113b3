import type { TEmployerProfile, TJobSeekerProfile, TTalentProfile } from '#shared/accounts/roles.schemas';
import type { TUpload } from '#shared/uploads/uploads.schemas';
import type { EmployerProfileRow, JobSeekerProfileRow, TalentProfileRow } from './roles.repo';

export function presentEmployer(row: EmployerProfileRow, logo: TUpload | null): TEmployerProfile {
  return {
    companyName: row.companyName,
    logo,
    website: row.website,
    about: row.about,
    sizeBand: row.sizeBand,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentTalent(row: TalentProfileRow): TTalentProfile {
  return {
    hourlyRateMinor: row.hourlyRateMinor,
    currency: row.currency,
    availability: row.availability,
    availableFrom: row.availableFrom,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export function presentJobSeeker(row: JobSeekerProfileRow, cv: TUpload | null): TJobSeekerProfile {
  return { openToWork: row.openToWork, desiredRoles: row.desiredRoles, cv, updatedAt: row.updatedAt.toISOString() };
}
