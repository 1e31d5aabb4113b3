import type { TJobDetail, TJobInput } from '../../../../shared/jobs/jobs.schemas';
import type { Harness } from '../../../test/harness';
import { actor, type Actor } from '../../courses/testing/course-fixtures';
import { employerInput, holding } from '../../roles/testing/role-fixtures';

/** Test helpers for the jobs suites: employers with company details, seekers, jobs made through the service. */
export const jobInput = (over: Partial<TJobInput> = {}): TJobInput => ({
  title: 'Backend engineer',
  description: 'Build and run the APIs that move parcels across Lagos every day.',
  location: 'Lagos',
  workplace: 'hybrid',
  type: 'full_time',
  skills: ['python', 'sql'],
  salaryMin: 250_000,
  salaryMax: 400_000,
  currency: 'NGN',
  ...over,
});

/** A member holding the employer role, with company details filled in. */
export async function employer(h: Harness, company = 'Lagos Logistics Ltd'): Promise<Actor> {
  const who = await holding(h, await actor(h, 'general'), ['employer']);
  await h.app.services.roles.saveEmployer(who.user, employerInput({ companyName: company }) as never);
  return who;
}

/** A member holding the job seeker role, with these skills on their profile. */
export async function seeker(h: Harness, skills: string[] = []): Promise<Actor> {
  const who = await holding(h, await actor(h, 'general'), ['job_seeker']);
  if (skills.length) await h.app.services.profiles.update(who.user, { skills });
  return who;
}

export async function makeJob(h: Harness, by: Actor, over: Partial<TJobInput> = {}): Promise<TJobDetail> {
  return h.app.services.jobBoard.create(by.user, jobInput(over) as never);
}
