import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, PASSWORD, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '../courses/testing/course-fixtures';
import { employer, makeJob } from '../jobs/testing/job-fixtures';
import { listedTalent, makeGig } from '../talent/testing/gig-fixtures';
import { backfillIfNeeded, backfillLevelsJob, recomputeDueLevelsJob } from './passport.queue';
import {
  completedCourse,
  completedGig,
  endorse,
  hiredThrough,
  mentorWithMentee,
  passportOf,
} from './testing/passport-fixtures';

/**
 * The talent directory's level filter on the stored public levels (decision 079, addendum): in
 * the one statement, so `total` and every page count only talents at or above the level, and the
 * stored levels follow evidence given through the routes, hidden items and decay.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const DAY = 86_400_000;

async function directory(viewer: Actor, words: string, query = '') {
  const res = await as(h, viewer)('GET', `/api/talent?q=${encodeURIComponent(words)}&skills=rust${query}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json() as { talents: Array<{ id: string }>; total: number; page: number; pageSize: number };
  return { ids: body.talents.map((t) => t.id), total: body.total };
}

const talents = (headline: string, n: number) =>
  Promise.all(Array.from({ length: n }, () => listedTalent(h, { headline, skills: ['rust'], rate: 300_000 })));

describe('GET /api/talent?level=', () => {
  // First: no test before it has given anyone evidence.
  it('members without any evidence need no backfill: the walk would store nothing, at every start', async () => {
    await listedTalent(h, { headline: 'Cooper in Offa', skills: ['rust'], rate: 300_000 });
    expect(await backfillIfNeeded(h.services.jobs, h.app.database.db, h.services.passportLevels)).toBeNull();
  });

  it('counts only talents at or above the level, and every page is full until the last', async () => {
    const words = 'Glazier in Ikorodu';
    const proven = await talents(words, 5);
    await talents(words, 3);
    for (const t of proven) await hiredThrough(h, t, ['rust']);
    const viewer = await actor(h);

    expect((await directory(viewer, words)).total).toBe(8);
    const pages = [];
    for (const page of [1, 2, 3]) pages.push(await directory(viewer, words, `&level=proven&pageSize=2&page=${page}`));
    expect(pages.map((p) => p.total)).toEqual([5, 5, 5]);
    expect(pages.map((p) => p.ids.length)).toEqual([2, 2, 1]);
    expect(pages.flatMap((p) => p.ids).sort()).toEqual(proven.map((t) => t.user.id).sort());
    expect(await directory(viewer, words, '&level=expert')).toEqual({ ids: [], total: 0 });
  });

  it('a database from before the stored levels is backfilled by the job sent at start', async () => {
    const words = 'Weaver in Oshogbo';
    const [talent] = await talents(words, 1);
    await hiredThrough(h, talent!, ['rust']);
    const db = h.app.database.db;
    await db.execute(sql`delete from passport_levels`);
    const viewer = await actor(h);
    expect((await directory(viewer, words, '&level=proven')).total).toBe(0);

    expect(await backfillIfNeeded(h.services.jobs, db, h.services.passportLevels)).toEqual(expect.any(String));
    expect(await h.jobs.runDue([backfillLevelsJob])).toBe(1);
    expect(await directory(viewer, words, '&level=proven')).toEqual({ ids: [talent!.user.id], total: 1 });
    // Stored levels exist now: a later start sends nothing.
    expect(await backfillIfNeeded(h.services.jobs, db, h.services.passportLevels)).toBeNull();
  });

  it('a gig completed through its routes raises a talent in; the poster’s one-star review lowers them out', async () => {
    const words = 'Tanner in Kano';
    const [talent] = await talents(words, 1);
    const viewer = await actor(h);
    // A course and its quiz a month ago: 2.5 decayed a little, learning.
    await completedCourse(h, talent!, ['rust'], { quiz: true, daysAgo: 30 });
    expect((await directory(viewer, words, '&level=proven')).total).toBe(0);

    const poster = await actor(h);
    const gig = await makeGig(h, poster.user, 'delivered', { talent: talent!.user, input: { skills: ['rust'] } });
    const accepted = await as(h, poster)('POST', `/api/talent/gigs/${gig.id}/accept-delivery`);
    expect(accepted.statusCode, accepted.body).toBe(200);
    // An unrated completed gig weighs 1.5: proven.
    expect(await directory(viewer, words, '&level=proven')).toEqual({ ids: [talent!.user.id], total: 1 });

    const review = (who: Actor, rating: number) =>
      as(h, who)('POST', `/api/talent/gigs/${gig.id}/reviews`, { rating, text: 'Thanks.' });
    expect((await review(poster, 1)).statusCode).toBe(201);
    // Hidden until both have written: still proven.
    expect((await directory(viewer, words, '&level=proven')).total).toBe(1);
    expect((await review(talent!, 5)).statusCode).toBe(201);
    // Revealed, one star weighs 0.5: learning again.
    expect(await directory(viewer, words, '&level=proven')).toEqual({ ids: [], total: 0 });
  });

  it('a hire through the pipeline raises a talent in; hiding it lowers them out, showing it brings them back', async () => {
    const words = 'Dyer in Abeokuta';
    const [talent] = await talents(words, 1);
    const viewer = await actor(h);
    // A course and its quiz (2.5): learning; with a hire (3) proven, whatever the clock says.
    await completedCourse(h, talent!, ['rust'], { quiz: true });
    expect((await as(h, talent!)('POST', '/api/user/roles', { role: 'job_seeker' })).statusCode).toBe(200);
    const boss = await employer(h);
    const job = await makeJob(h, boss, { skills: ['rust'] } as never);
    const application = await h.services.jobApplications.apply(talent!.user, job.id, {
      coverLetter: 'I would like this job.',
    } as never);
    expect((await directory(viewer, words, '&level=proven')).total).toBe(0);

    const hired = await as(h, boss)('PATCH', `/api/applications/${application.id}`, { status: 'hired' });
    expect(hired.statusCode, hired.body).toBe(200);
    expect(await directory(viewer, words, '&level=proven')).toEqual({ ids: [talent!.user.id], total: 1 });

    const own = (await passportOf(h, talent!, talent!)).skills.find((s) => s.slug === 'rust')!;
    const hire = own.evidence.find((e) => e.kind === 'hire')!;
    const visibility = (hidden: boolean) =>
      as(h, talent!)('PUT', `/api/passport/evidence/${hire.id}/visibility`, { hidden });
    expect((await visibility(true)).statusCode).toBe(200);
    expect(await directory(viewer, words, '&level=proven')).toEqual({ ids: [], total: 0 });
    expect((await visibility(false)).statusCode).toBe(200);
    expect((await directory(viewer, words, '&level=proven')).total).toBe(1);
  });

  it("an endorsement through its route raises a mentee in; erasing the mentor's account lowers them out", async () => {
    const words = 'Carver in Awka';
    const { mentor, mentee } = await mentorWithMentee(h, ['rust']);
    await listedTalent(h, { headline: words, skills: ['rust'], rate: 300_000, who: mentee });
    await completedCourse(h, mentee, ['rust'], { quiz: true });
    const viewer = await actor(h);
    expect((await directory(viewer, words, '&level=proven')).total).toBe(0);

    await endorse(h, mentor, mentee, 'rust');
    expect(await directory(viewer, words, '&level=proven')).toEqual({ ids: [mentee.user.id], total: 1 });

    // Deletion as members ask for it: requested, then erased after the grace period (decision 020).
    await h.services.privacy.requestDeletion(mentor.user.id, PASSWORD);
    h.clock.advance(8 * DAY);
    await h.services.privacy.erase(mentor.user.id);
    expect(await directory(await actor(h), words, '&level=proven')).toEqual({ ids: [], total: 0 });
  });

  it("a talent's own erased account leaves the directory's page and count, which read talent_profiles alone (decision 088)", async () => {
    const words = 'Tanner in Ilorin';
    const [leaving, staying] = await talents(words, 2);
    const viewer = await actor(h);
    expect((await directory(viewer, words)).total).toBe(2);

    await h.services.privacy.requestDeletion(leaving!.user.id, PASSWORD);
    h.clock.advance(8 * DAY);
    await h.services.privacy.erase(leaving!.user.id);
    expect(await directory(await actor(h), words)).toEqual({ ids: [staying!.user.id], total: 1 });
  });

  // Last: it moves the harness's clock on by a year and a half.
  it('decay drops a level once the hourly job has run, and leaves a level it has not reached', async () => {
    const words = 'Smith in Benin';
    const [fading, lasting] = await talents(words, 2);
    // Two five-star gigs (5) stay proven about 538 days: 5·0.5^(d/730) ≥ 3.
    for (let i = 0; i < 2; i++) await completedGig(h, fading!, ['rust'], { rating: 5 });
    // Four (10) stay proven for longer than the clock moves.
    for (let i = 0; i < 4; i++) await completedGig(h, lasting!, ['rust'], { rating: 5 });
    const viewer = await actor(h);
    const both = [fading!.user.id, lasting!.user.id].sort();
    expect((await directory(viewer, words, '&level=proven')).ids.sort()).toEqual(both);

    h.clock.advance(540 * DAY);
    // Signed in anew: sessions do not last a year and a half.
    const later = await actor(h);
    // The stored level holds until the job: the filter promises the hour, not the minute.
    expect((await directory(later, words, '&level=proven')).total).toBe(2);
    await h.services.jobs.send(h.app.database.db, recomputeDueLevelsJob, {});
    expect(await h.jobs.runDue([recomputeDueLevelsJob])).toBe(1);
    expect(await directory(later, words, '&level=proven')).toEqual({ ids: [lasting!.user.id], total: 1 });
    expect((await passportOf(h, later, fading!)).skills.find((s) => s.slug === 'rust')!.level).toBe('learning');
  });
});
