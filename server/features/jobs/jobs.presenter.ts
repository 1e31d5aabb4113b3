import type { TSkillRef } from '#shared/skills/skills.schemas';
import type { TApplication, TJobSummary } from '#shared/jobs/jobs.schemas';
import type { TUpload } from '#shared/uploads/uploads.schemas';
import type { ApplicationRow, JobRow } from './jobs.repo';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** A job as lists show it; `match` only for a signed-in member with skills on their profile. */
export function presentJobSummary(row: JobRow, skills: TSkillRef[], match: TJobSummary['match'] = null): TJobSummary {
  return {
    id: row.id,
    title: row.title,
    companyName: row.companyName,
    location: row.location,
    workplace: row.workplace,
    type: row.type,
    experience: row.experience,
    salaryMin: row.salaryMin,
    salaryMax: row.salaryMax,
    currency: row.currency,
    salaryPeriod: row.salaryPeriod,
    skills,
    status: row.status,
    deadline: iso(row.deadline),
    createdAt: (row.postedAt ?? row.createdAt).toISOString(),
    match,
  };
}

export interface EventRow {
  applicationId: string;
  status: ApplicationRow['status'];
  note: string | null;
  createdAt: Date;
}

/** An application; the employer's notes only when `withNotes` (the employer's own view). */
export function presentApplication(
  row: ApplicationRow,
  events: EventRow[],
  cv: TUpload | undefined,
  withNotes: boolean,
): TApplication {
  return {
    id: row.id,
    jobId: row.jobId,
    status: row.status,
    coverLetter: row.coverLetter,
    cv: cv ? { id: cv.id, url: cv.url, name: cv.name } : null,
    answers: row.answers,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    history: events
      .filter((e) => e.applicationId === row.id)
      .map((e) => ({ status: e.status, at: e.createdAt.toISOString(), ...(withNotes ? { note: e.note } : {}) })),
  };
}
