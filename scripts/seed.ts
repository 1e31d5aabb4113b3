import { existsSync, readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { count, gte } from 'drizzle-orm';
import { buildPlatform } from '#server/app';
import { loadConfig } from '#server/env';
import { courses } from '#server/features/courses/catalogue/courses.table';
import { notifications } from '#server/features/notifications/notifications.table';
import { hashPassword } from '#server/lib/passwords';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { PRIVACY_VERSION, TERMS_VERSION } from '#shared/constants';
import type { TRole } from '#shared/roles';
import { LIFE_COURSES } from './seed/catalogue-life';
import type { SeedCourse } from './seed/catalogue-types';
import { seedAssessments } from './seed/assessments';
import { WORK_COURSES } from './seed/catalogue-work';
import { lessonBody, readingSeconds } from './seed/lesson-body';
import { seedLearners } from './seed/learners';
import { seedPurchases } from './seed/purchases';
import { seedJobs } from './seed/jobs';
import { seedTalent } from './seed/talent';
import { seedMentorship } from './seed/mentorship';
import { COURSE_SKILLS, seedPassports } from './seed/passports';
import { seedWallets } from './seed/wallets';
import { seedModeration } from './seed/moderation';
import { thumbnailPng } from './seed/thumbnail';

/**
 * npm run seed: demo content for an EMPTY database (the embedded one in DATA_DIR, or
 * DATABASE_URL), made through the services so that counters, events and notifications are
 * what real use would leave. Prints the demo logins.
 */
const PASSWORD = 'Demo-Learn-2026';
const DAY = 86_400_000;
const VIDEO = new URL('../seed/demo-lesson.webm', import.meta.url);
const VIDEO_SECONDS = 6;

const TUTORS: Array<[username: string, fullName: string, role: TRole]> = [
  ['adaeze', 'Adaeze Okafor', 'tutor'],
  ['tunde', 'Tunde Bakare', 'tutor'],
  ['ngozi', 'Ngozi Eze', 'mentor'],
  ['ibrahim', 'Ibrahim Musa', 'tutor'],
];
const LEARNERS: Array<[username: string, fullName: string, role: TRole]> = [
  ['chioma', 'Chioma Nwosu', 'student'],
  ['emeka', 'Emeka Obi', 'general'],
  ['aisha', 'Aisha Bello', 'student'],
];
const ADMIN_EMAIL = 'admin@demo.blet.ng';

/** A colour pair per category, for the thumbnails. */
const COLOURS: Record<string, [[number, number, number], [number, number, number]]> = {
  software: [
    [30, 64, 175],
    [14, 165, 233],
  ],
  data: [
    [88, 28, 135],
    [59, 130, 246],
  ],
  design: [
    [190, 24, 93],
    [251, 146, 60],
  ],
  business: [
    [15, 23, 42],
    [71, 85, 105],
  ],
  marketing: [
    [220, 38, 38],
    [250, 204, 21],
  ],
  finance: [
    [6, 95, 70],
    [132, 204, 22],
  ],
  agriculture: [
    [22, 101, 52],
    [202, 138, 4],
  ],
  languages: [
    [124, 45, 18],
    [234, 88, 12],
  ],
  personal_development: [
    [67, 56, 202],
    [236, 72, 153],
  ],
  health: [
    [13, 148, 136],
    [134, 239, 172],
  ],
};

if (existsSync('.env')) process.loadEnvFile('.env');
const config = loadConfig();
if (config.nodeEnv === 'production') {
  console.error(
    'npm run seed creates demo accounts with a published password: it does not run with NODE_ENV=production.',
  );
  process.exit(1);
}

// Courses are published from about 200 days ago, before the demo purchases of the last five months.
let clock = new Date(Date.now() - 200 * DAY);
// The demo's notifications and mail wait in the queue for the app's worker.
const { app, services } = await buildPlatform({
  config: { ...config, jobsWorker: false },
  logger: false,
  now: () => clock,
});
const { accounts, uploads, courses: courseService, courseContent } = services;
const seedStarted = new Date();

/**
 * Notifications take the database's now(), not the seed's clock: before the clock moves on, the
 * ones made since the last move get the seed day they belong to, so that a purchase of months
 * ago does not say "Just now".
 */
async function moveClock(at: Date) {
  await app.database.db
    .update(notifications)
    .set({ createdAt: clock })
    .where(gte(notifications.createdAt, seedStarted));
  clock = at;
}

async function person(username: string, fullName: string, role: TRole): Promise<TUser> {
  const passwordHash = await hashPassword(PASSWORD);
  const existing = await accounts.findByUsername(username);
  const row = existing
    ? await accounts.setPasswordHash(existing.id, passwordHash)
    : await accounts.create({
        username,
        email: `${username}@demo.blet.ng`,
        fullName,
        passwordHash,
        role,
        emailVerified: true,
      });
  // The demo people are adults: buying and selling ask the date of birth first (decision 020).
  await services.privacy.recordBirthDate(row!.id, '1990-01-01');
  // They agreed to the terms and privacy notice in force, as registration records (decision 019).
  if (!existing)
    await services.security.acceptConsents(
      row!.id,
      { terms: TERMS_VERSION, privacy: PRIVACY_VERSION },
      { ip: null, userAgent: null },
    );
  return accounts.present(row!);
}

const upload = (owner: TUser, kind: 'image' | 'video' | 'captions', bytes: Buffer, filename: string) =>
  uploads.store(owner, kind, { stream: Readable.from([bytes]), filename });

async function buildCourse(c: SeedCourse, n: number, tutor: TUser, videoId: string, admin: TUser | null) {
  const [from, to] = COLOURS[c.category]!;
  const thumbnail = await upload(tutor, 'image', thumbnailPng(from, to, n + 1), `${c.category}-${n + 1}.png`);
  const { sections, tutor: _tutor, ...input } = c;
  const created = await courseService.create(tutor, {
    ...input,
    currency: 'NGN',
    thumbnailUploadId: thumbnail.id,
    skills: COURSE_SKILLS[c.title] ?? [],
  });
  let lessonNo = 0;
  // English captions for the course's videos (decision 024): the player shows them by default.
  const hasVideo = sections.some(([, lessons]) => lessons.some(([, , video]) => video));
  const captions = hasVideo
    ? await upload(
        tutor,
        'captions',
        Buffer.from(`WEBVTT\n\n00:00.000 --> 00:0${VIDEO_SECONDS}.000\n${c.title}\n`),
        'captions-en.vtt',
      )
    : null;
  for (const [sectionTitle, lessons] of sections) {
    const section = await courseContent.addSection(tutor, created.id, { title: sectionTitle });
    for (const [title, points, video] of lessons) {
      const body = lessonBody(c, sectionTitle, title, points, n + lessonNo);
      const common = { title, body, preview: lessonNo === 0, attachmentUploadIds: [] };
      await courseContent.addLesson(
        tutor,
        created.id,
        section.id,
        video
          ? {
              ...common,
              kind: 'video',
              videoUploadId: videoId,
              videoUrl: null,
              durationSeconds: VIDEO_SECONDS,
              captionsUploadId: captions?.id ?? null,
            }
          : { ...common, kind: 'text', durationSeconds: readingSeconds(body) },
      );
      lessonNo++;
    }
  }
  if (admin) {
    await courseService.submit(tutor, created.id);
    await courseService.decide(admin, created.id, { decision: 'approve' });
  }
  return created.id;
}

try {
  const [existing] = await app.database.db.select({ n: count() }).from(courses);
  if (existing!.n > 0) {
    console.error(
      `This database already has ${existing!.n} course(s). npm run seed only fills an empty database; nothing was changed.`,
    );
    process.exitCode = 1;
  } else {
    const admin = await accounts.present(await accounts.upsertAdmin(ADMIN_EMAIL, PASSWORD));
    const tutors = [];
    for (const [u, name, role] of TUTORS) tutors.push(await person(u, name, role));
    const learners = [];
    for (const [u, name, role] of LEARNERS) learners.push(await person(u, name, role));
    const video = readFileSync(VIDEO);
    const videoIds = [];
    for (const t of tutors) videoIds.push((await upload(t, 'video', video, 'demo-lesson.webm')).id);

    const published: Array<{ id: string; course: SeedCourse }> = [];
    const all = [...WORK_COURSES, ...LIFE_COURSES];
    for (const [n, c] of all.entries()) {
      published.push({ id: await buildCourse(c, n, tutors[c.tutor]!, videoIds[c.tutor]!, admin), course: c });
      await moveClock(new Date(clock.getTime() + 1.5 * DAY));
    }
    // For the tutor dashboard and the admin queue: one course in review, one draft.
    const queued = await buildCourse(
      { ...WORK_COURSES[1]!, title: 'TypeScript for backend developers', priceMinor: 30_000_00 },
      90,
      tutors[0]!,
      videoIds[0]!,
      null,
    );
    await courseService.submit(tutors[0]!, queued);
    await buildCourse(
      { ...WORK_COURSES[2]!, title: 'Advanced Git: rebasing and bisecting' },
      91,
      tutors[0]!,
      videoIds[0]!,
      null,
    );

    const sales = await seedPurchases(services, { learners, admin, published, setClock: moveClock });
    await moveClock(new Date());
    // Lessons complete from watching and reading measured on the seed's clock: it moves on a little.
    await seedLearners(services, learners, published, (seconds) => {
      clock = new Date(clock.getTime() + seconds * 1000);
    });
    await seedAssessments(services, tutors, learners, published);
    const hiring = await seedJobs(services, person, learners);
    console.log(
      `Seeded ${hiring.jobs} jobs from 3 employers (funmi, musa, ebere) and ${hiring.applications} applications at every stage.`,
    );
    const talent = await seedTalent(services, person, [...learners, ...tutors]);
    console.log(
      `Seeded ${talent.talents} talents (e.g. kelechi, segun, hauwa) and ${talent.gigs} gigs in every status, with bids and reviews; three paid through escrow (funded, submitted, released).`,
    );
    await seedModeration(services, learners);
    const mentorship = await seedMentorship(services, { admin, learners, person, setClock: moveClock });
    console.log(mentorship.summary);
    console.log(await seedPassports(services, app.database.db));
    const people = [...tutors, ...mentorship.mentors];
    console.log(await seedWallets(services, { people, password: PASSWORD, setClock: moveClock }));
    printLogins(admin, [...tutors, ...mentorship.mentors], [...learners, ...mentorship.mentees], published.length);
    console.log(
      sales > 0
        ? `Demo purchases: ${sales} paid courses bought through the test gateway over the last five months (adaeze's revenue), one refunded and one refund request waiting.\n`
        : `No demo purchases: they are made through the test gateway, and PAYMENT_GATEWAY is ${config.payments.gateway}.\n`,
    );
  }
} finally {
  await app.close();
}

function printLogins(admin: TUser, tutors: TUser[], learners: TUser[], courseCount: number) {
  console.log(`\nSeeded ${courseCount} published courses, one in review and one draft.`);
  console.log(`Every demo account's password: ${PASSWORD}\n`);
  console.log('  role      login (username)  name');
  for (const u of [...tutors, ...learners]) console.log(`  ${u.role.padEnd(9)} ${u.username.padEnd(17)} ${u.fullName}`);
  console.log(`  admin     ${admin.email} (sign in at /admin)\n`);
}
