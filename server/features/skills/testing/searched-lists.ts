import type { Harness } from '#server/test/harness';
import { actor, makeCourse } from '#server/features/courses/testing/course-fixtures';
import { employer, makeJob } from '#server/features/jobs/testing/job-fixtures';
import { listedTalent, makeGig } from '#server/features/talent/testing/gig-fixtures';

/** The four lists people search with words: each one's path and the field its rows come in. */
export const SEARCHED_LISTS = {
  courses: ['/api/courses', 'courses'],
  jobs: ['/api/jobs', 'jobs'],
  gigs: ['/api/talent/gigs', 'gigs'],
  talent: ['/api/talent', 'talents'],
} as const;
export type SearchedList = keyof typeof SEARCHED_LISTS;

/** A row's id as a list answers it (a talent card carries its member's). */
export const rowId = (r: { id?: string; user?: { id: string } }): string => r.id ?? r.user?.id ?? '';

/** One published, open or listed row in every list for each title; answers each title's ids. */
export async function seedEachList(
  h: Harness,
  titles: readonly string[],
): Promise<Array<Record<SearchedList, string>>> {
  const tutor = await actor(h, 'tutor');
  const admin = (await actor(h, 'admin')).user;
  const boss = await employer(h);
  const poster = await actor(h);
  const seeded: Array<Record<SearchedList, string>> = [];
  for (const title of titles)
    seeded.push({
      courses: (await makeCourse(h, tutor.user, { admin, input: { title } })).id,
      jobs: (await makeJob(h, boss, { title, skills: [] })).id,
      gigs: (await makeGig(h, poster.user, 'open', { input: { title } })).id,
      talent: (await listedTalent(h, { headline: title, skills: [], rate: 500_000 })).user.id,
    });
  return seeded;
}
