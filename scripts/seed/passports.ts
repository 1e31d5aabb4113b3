import { eq, inArray } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import type { AllServices } from '#server/platform/module';
import { users } from '#server/features/accounts/accounts.table';
import { jobApplications, jobs } from '#server/features/jobs/jobs.table';
import { mentorPlans, mentorSubscriptions } from '#server/features/mentorship/mentorship.table';
import { mentorSessions } from '#server/features/mentorship/sessions/sessions.table';
import { gigReviews, gigs } from '#server/features/talent/talent.table';

const DAY = 86_400_000;

/** What the seeded courses teach (issue 31): the passport's course and assessment evidence names these skills. */
export const COURSE_SKILLS: Record<string, string[]> = {
  'JavaScript from zero to your first web app': ['javascript', 'html'],
  'UI design fundamentals with Figma': ['figma', 'ui-design'],
  'Data analysis with Excel and Google Sheets': ['data-analysis', 'microsoft-excel', 'google-sheets'],
  'Starting a small business in Nigeria': ['entrepreneurship', 'bookkeeping'],
};

/**
 * Passports at every level (decision 071). The courses, quizzes and assignments the learners seed
 * already left give course and assessment evidence (chioma and aisha: learning); segun's hires
 * prove JavaScript. emeka is the showcase with all five kinds for data analysis: beside his
 * course, quiz and graded assignment, a gig he delivered and was rated 5 for, a job he was hired
 * through, and kelechi's endorsement after three sessions held. The gig, the hire and the held
 * sessions are rows written directly (their flows are long and seeded elsewhere: talent, jobs,
 * mentor-sessions); the endorsement goes through the passport's service with its rules.
 */
export async function seedPassports(services: AllServices, db: Db): Promise<string> {
  const { accounts, profiles, passport } = services;
  const named = await db.select().from(users).where(inArray(users.username, ['emeka', 'kelechi', 'funmi', 'musa']));
  const byName = (u: string) => named.find((r) => r.username === u)!;
  const emeka = await accounts.present(byName('emeka'));
  const kelechi = await accounts.present(byName('kelechi'));
  const now = Date.now();
  const daysAgo = (d: number) => new Date(now - d * DAY);

  // Python stays only typed: claimed.
  await profiles.update(emeka, { skills: ['data-analysis', 'microsoft-excel', 'python'] });

  const [gig] = await db
    .insert(gigs)
    .values({
      posterId: byName('funmi').id,
      title: 'Weekly delivery report in Google Sheets',
      description: 'Turn our dispatch log into a weekly report with charts the drivers can read.',
      budgetType: 'fixed',
      budgetMin: 3_000_000,
      budgetMax: 5_000_000,
      currency: 'NGN',
      status: 'completed',
      talentId: emeka.id,
      completedAt: daysAgo(40),
      statusAt: daysAgo(40),
    })
    .returning({ id: gigs.id });
  await link(db, 'gig_skills', 'gig_id', gig!.id, ['data-analysis', 'google-sheets']);
  await db.insert(gigReviews).values({
    gigId: gig!.id,
    authorId: byName('funmi').id,
    subjectId: emeka.id,
    subjectRole: 'talent',
    rating: 5,
    text: 'Clear charts, delivered two days early.',
    revealedAt: daysAgo(38),
  });

  const [job] = await db
    .insert(jobs)
    .values({
      employerId: byName('musa').id,
      title: 'Junior data analyst',
      companyName: 'Arewa Agro Processing',
      description: 'Keep our grain intake and sales figures honest, in spreadsheets first.',
      location: 'Kano',
      workplace: 'hybrid',
      type: 'full_time',
      status: 'closed',
      postedAt: daysAgo(60),
    })
    .returning({ id: jobs.id });
  await link(db, 'job_skills', 'job_id', job!.id, ['data-analysis', 'microsoft-excel']);
  await db
    .insert(jobApplications)
    .values({ jobId: job!.id, applicantId: emeka.id, status: 'hired', createdAt: daysAgo(55), updatedAt: daysAgo(20) });

  // Three sessions held with kelechi, a month or more ago (his seeded sessions are recent).
  const [plan] = await db.select().from(mentorPlans).where(eq(mentorPlans.mentorId, kelechi.id)).limit(1);
  const [sub] = await db
    .insert(mentorSubscriptions)
    .values({
      planId: plan!.id,
      mentorId: kelechi.id,
      menteeId: emeka.id,
      status: 'expired',
      priceMinor: plan!.priceMinor,
      currency: plan!.currency,
      sessionsPerMonth: plan!.sessionsPerMonth,
      sessionMinutes: plan!.sessionMinutes,
      currentPeriodStart: daysAgo(90),
      currentPeriodEnd: daysAgo(30),
    })
    .returning({ id: mentorSubscriptions.id });
  for (const ago of [80, 66, 52]) {
    const startAt = daysAgo(ago);
    await db.insert(mentorSessions).values({
      mentorId: kelechi.id,
      menteeId: emeka.id,
      subscriptionId: sub!.id,
      startAt,
      endAt: new Date(startAt.getTime() + plan!.sessionMinutes * 60_000),
      status: 'completed',
      mentorNoShow: false,
      menteeNoShow: false,
    });
  }
  await passport.endorse(kelechi, {
    menteeId: emeka.id,
    skill: 'data-analysis',
    text: 'Emeka cleaned three years of messy sales sheets and found the pricing error himself.',
  });

  // Gigs, hires and reviews seeded as rows skip the hooks that keep the stored levels (decision
  // 079): every member's are computed once here, so the directory's level filter finds them.
  const stored = await services.passportLevels.recomputeAll();
  const levels = (await passport.levelsOf([emeka.id])).get(emeka.id)!;
  return `Seeded passports: emeka's ${levels.map((s) => `${s.name} ${s.level}`).join(', ')} (all five kinds of evidence for data analysis); courses now teach skills; levels computed for all ${stored} members.`;
}

async function link(db: Db, table: string, column: string, ownerId: string, slugs: string[]) {
  for (const [position, slug] of slugs.entries())
    await db.execute(
      `insert into ${table} (${column}, skill_id, position) select '${ownerId}', id, ${position} from skills where slug = '${slug}'`,
    );
}
