import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, PASSWORD, type Harness } from '#server/test/harness';
import { actor, as } from '../courses/testing/course-fixtures';
import {
  completedCourse,
  completedGig,
  endorse,
  hiredThrough,
  mentorWithMentee,
  passportOf,
} from './testing/passport-fixtures';

/** The skills passport through HTTP (issue 31, decision 071): evidence derived, levels, hiding, endorsements. */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const profile = (who: { cookie: string }, body: object) => as(h, who as never)('PATCH', '/api/user/profile', body);

describe('evidence of all five kinds', () => {
  it('joins a course, its quiz, a rated gig, a hire and an endorsement into an expert skill; a skill only typed stays claimed', async () => {
    const { mentor, mentee: member } = await mentorWithMentee(h, ['react']);
    expect((await profile(member, { skills: ['react', 'figma'] })).statusCode).toBe(200);
    const course = await completedCourse(h, member, ['react'], { quiz: true, daysAgo: 30 });
    const gigId = await completedGig(h, member, ['react'], { rating: 5, daysAgo: 20 });
    const jobId = await hiredThrough(h, member, ['react'], { daysAgo: 5 });
    await endorse(h, mentor, member, 'react');

    const other = await actor(h);
    const { skills } = await passportOf(h, other, member);
    const react = skills.find((s) => s.slug === 'react')!;
    expect(react.level).toBe('expert');
    expect(new Set(react.evidence.map((e) => e.kind))).toEqual(
      new Set(['course', 'assessment', 'gig', 'endorsement', 'hire']),
    );
    const byKind = Object.fromEntries(react.evidence.map((e) => [e.kind, e]));
    expect(byKind.course).toMatchObject({ url: `/courses/course-detail/${course.id}` });
    expect(byKind.assessment).toMatchObject({ url: `/courses/course-detail/${course.id}` });
    expect(byKind.gig).toMatchObject({ url: `/gigs/${gigId}`, detail: 'Rated 5 of 5 by the poster' });
    expect(byKind.hire).toMatchObject({ url: `/jobs/${jobId}`, title: 'Front-end developer at Kuda Retail' });
    expect(byKind.endorsement).toMatchObject({ url: `/mentorship/mentor/${mentor.user.id}` });
    expect(byKind.endorsement!.title).toBe(`Endorsed by ${mentor.user.fullName}`);
    for (const e of react.evidence)
      expect(e).toEqual(expect.objectContaining({ date: expect.any(String), title: expect.any(String) }));
    // Newest first.
    expect(react.evidence.map((e) => e.kind)[0]).toBe('endorsement');
    expect(skills.find((s) => s.slug === 'figma')).toMatchObject({ level: 'claimed', evidence: [] });
    // Others never see the owner's marks.
    expect(react.evidence.every((e) => e.hidden === undefined)).toBe(true);

    const proven = await h.services.passport.provenSkills(member.user.id);
    expect(proven.map((s) => s.slug)).toEqual(['react']);
  });

  it('old evidence decays: a course finished four years ago leaves the skill at learning; an untyped skill with evidence shows', async () => {
    const member = await actor(h);
    await completedCourse(h, member, ['python'], { quiz: true, daysAgo: 4 * 365 });
    await completedGig(h, member, ['python'], { rating: 5, daysAgo: 4 * 365 });
    const { skills } = await passportOf(h, member, member);
    expect(skills).toEqual([expect.objectContaining({ slug: 'python', level: 'learning' })]);
    expect(await h.services.passport.provenSkills(member.user.id)).toEqual([]);
  });

  it('an unrated gig says so, and a gig still in progress is no evidence', async () => {
    const member = await actor(h);
    await completedGig(h, member, ['figma']);
    const [figma] = (await passportOf(h, member, member)).skills;
    expect(figma!.evidence).toEqual([expect.objectContaining({ kind: 'gig', detail: 'Not rated yet' })]);
  });
});

describe('the owner hides evidence from the public view', () => {
  it('hides and shows one item; others neither see it nor get its weight', async () => {
    const { mentor, mentee } = await mentorWithMentee(h, ['css']);
    await completedGig(h, mentee, ['css'], { rating: 4 });
    await endorse(h, mentor, mentee, 'css');
    const other = await actor(h);
    expect((await passportOf(h, other, mentee)).skills[0]!.level).toBe('proven');

    const own = (await passportOf(h, mentee, mentee)).skills[0]!;
    const endorsement = own.evidence.find((e) => e.kind === 'endorsement')!;
    expect(endorsement.hidden).toBe(false);
    const hide = await as(h, mentee)('PUT', `/api/passport/evidence/${endorsement.id}/visibility`, { hidden: true });
    expect(hide.statusCode, hide.body).toBe(200);
    expect(hide.json()).toEqual({ id: endorsement.id, hidden: true });

    const mine = (await passportOf(h, mentee, mentee)).skills[0]!;
    expect(mine).toMatchObject({ level: 'proven', publicLevel: 'learning' });
    expect(mine.evidence.find((e) => e.id === endorsement.id)!.hidden).toBe(true);
    const theirs = (await passportOf(h, other, mentee)).skills[0]!;
    expect(theirs.level).toBe('learning');
    expect(theirs.evidence.map((e) => e.kind)).toEqual(['gig']);
    expect(await h.services.passport.provenSkills(mentee.user.id)).toEqual([]);

    await as(h, mentee)('PUT', `/api/passport/evidence/${endorsement.id}/visibility`, { hidden: false });
    expect((await passportOf(h, other, mentee)).skills[0]!.evidence).toHaveLength(2);
  });

  it("refuses an id that is not the caller's evidence (404) and a malformed one (400)", async () => {
    const member = await actor(h);
    const gigId = await completedGig(h, member, ['html'], { rating: 5 });
    const stranger = await actor(h);
    const id = `gig:${gigId}:html`;
    const res = await as(h, stranger)('PUT', `/api/passport/evidence/${id}/visibility`, { hidden: true });
    expect(res.statusCode).toBe(404);
    expect(res.json().error).toBe('No such evidence on your passport.');
    const bad = await as(h, member)('PUT', '/api/passport/evidence/nonsense/visibility', { hidden: true });
    expect(bad.statusCode).toBe(400);
    expect((await as(h, member)('PUT', `/api/passport/evidence/${id}/visibility`, { hidden: 'yes' })).statusCode).toBe(
      400,
    );
  });
});

describe('POST /api/mentor/endorsements', () => {
  it('is refused outside the expertise, before 3 sessions held, twice for one skill, and without a sentence', async () => {
    const { mentor, mentee } = await mentorWithMentee(h, ['javascript', 'typescript'], 2);
    const early = await endorse(h, mentor, mentee, 'javascript', 403);
    expect(early.json().error).toMatch(/after 3 sessions held together; you have held 2/);

    const { mentor: m2, mentee: e2 } = await mentorWithMentee(h, ['javascript', 'typescript']);
    const outside = await endorse(h, m2, e2, 'python', 400);
    expect(outside.json().error).toBe('You can endorse only skills in your own mentoring expertise.');
    const created = await endorse(h, m2, e2, 'typescript');
    expect(created.json()).toMatchObject({ menteeId: e2.user.id, mentorId: m2.user.id, skill: { slug: 'typescript' } });
    const notices = (await as(h, e2)('GET', '/api/notifications')).json().notifications as Array<{
      title: string;
      link: string;
    }>;
    expect(notices[0]).toMatchObject({
      title: `${m2.user.fullName} endorsed your TypeScript`,
      link: '/profile#passport',
    });
    const again = await endorse(h, m2, e2, 'typescript', 409);
    expect(again.json().error).toBe(`You already endorsed ${e2.user.fullName} for TypeScript.`);
    const short = await as(h, m2)('POST', '/api/mentor/endorsements', {
      menteeId: e2.user.id,
      skill: 'javascript',
      text: 'Good',
    });
    expect(short.statusCode).toBe(400);
    expect(short.json().error).toEqual(expect.any(String));

    // The form's question: what may be endorsed, and what already was.
    const form = await as(h, m2)('GET', `/api/mentor/endorsements/skills?menteeId=${e2.user.id}`);
    expect(form.json()).toEqual({
      sessionsHeld: 3,
      sessionsNeeded: 3,
      skills: [
        { slug: 'javascript', name: 'JavaScript', endorsed: false },
        { slug: 'typescript', name: 'TypeScript', endorsed: true },
      ],
    });
  });

  it('is refused to a member who is no mentor (403) and for an unknown mentee (404)', async () => {
    const member = await actor(h);
    const someone = await actor(h);
    const res = await endorse(h, member, someone, 'javascript', 403);
    expect(res.json().error).toBe('Only mentors can endorse skills.');
    const { mentor } = await mentorWithMentee(h, ['javascript']);
    const unknown = await as(h, mentor)('POST', '/api/mentor/endorsements', {
      menteeId: '00000000-0000-4000-8000-000000000000',
      skill: 'javascript',
      text: 'A sentence long enough to be an endorsement.',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('is erased with either account', async () => {
    const { mentor, mentee } = await mentorWithMentee(h, ['sql']);
    await endorse(h, mentor, mentee, 'sql');
    const other = await actor(h);
    expect((await passportOf(h, other, mentee)).skills).toHaveLength(1);
    const pair = await mentorWithMentee(h, ['sql']);
    await endorse(h, pair.mentor, pair.mentee, 'sql');
    // Deletion as members ask for it: requested, then erased after the grace period (decision 020).
    await h.services.privacy.requestDeletion(mentor.user.id, PASSWORD);
    await h.services.privacy.requestDeletion(pair.mentee.user.id, PASSWORD);
    h.clock.advance(8 * 86_400_000);
    await h.services.privacy.erase(mentor.user.id);
    // A fresh session: the first one ended with the clock's week.
    expect((await passportOf(h, await actor(h), mentee)).skills).toEqual([]);

    await h.services.privacy.erase(pair.mentee.user.id);
    const left = await h.app.database.db.execute(
      `select count(*)::int as n from mentor_endorsements where mentor_id = '${pair.mentor.user.id}'`,
    );
    expect((left as unknown as { rows: Array<{ n: number }> }).rows[0]!.n).toBe(0);
  });
});
