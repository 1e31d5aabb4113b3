import type { TJobDetail, TJobInput } from '#shared/jobs/jobs.schemas';
import type { Harness } from '#server/test/harness';
import { actor, type Actor } from '#server/features/courses/testing/course-fixtures';
import { employerInput, holding } from '#server/features/roles/testing/role-fixtures';

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
  await h.services.roles.saveEmployer(who.user, employerInput({ companyName: company }) as never);
  return who;
}

/** A member holding the job seeker role, with these skills on their profile. */
export async function seeker(h: Harness, skills: string[] = []): Promise<Actor> {
  const who = await holding(h, await actor(h, 'general'), ['job_seeker']);
  if (skills.length) await h.services.profiles.update(who.user, { skills });
  return who;
}

export async function makeJob(h: Harness, by: Actor, over: Partial<TJobInput> = {}): Promise<TJobDetail> {
  return h.services.jobBoard.create(by.user, jobInput(over) as never);
}

/**
 * The privacy suites' jobs life of `member`: a job they posted (as an employer too), and an
 * application to someone else's job, viewed, saved, moved on by that employer with a note.
 */
export async function jobsLife(h: Harness, member: Actor): Promise<void> {
  const { roles, jobBoard, jobApplications } = h.services;
  const asEmployer = await roles.take(member.user, 'employer');
  await jobBoard.create(asEmployer, jobInput({ companyName: 'My Family Shop', title: 'Shop assistant' }) as never);
  const boss = await employer(h, 'Ibadan Books');
  const job = await makeJob(h, boss);
  await jobBoard.page(member.user, job.id, { ip: '127.0.0.1', userAgent: 'test' });
  await jobBoard.save(member.user, job.id, true);
  const application = await jobApplications.apply(member.user, job.id, {
    coverLetter: 'I run the books for my family shop.',
  });
  await jobApplications.move(boss.user, application.id, 'reviewed', 'Ask about the shop');
}
