import type { AllServices } from '#server/platform/module';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TMentorApplicationInput, TPlanInput } from '#shared/mentorship/mentorship.schemas';
import type { TRole } from '#shared/roles';
import { book, hold, seedSchedules } from './mentor-sessions';

const DAY = 86_400_000;

type SeedMentor = [username: string, fullName: string, application: Omit<TMentorApplicationInput, 'motivation'>, plans: TPlanInput[]];

const plan = (name: string, naira: number, sessions: number, minutes: 30 | 45 | 60, extra: Partial<TPlanInput> = {}): TPlanInput => ({
  name,
  priceMinor: naira * 100,
  currency: 'NGN',
  sessionsPerMonth: sessions,
  sessionMinutes: minutes,
  description: `${sessions} ${minutes}-minute ${sessions === 1 ? 'call' : 'calls'} a month and chat in between.`,
  ...extra,
});

/** Six mentors across the platform's areas, each with one to three plans (one free, some with a trial). */
const MENTORS: SeedMentor[] = [
  ['folake', 'Folake Adeyemi', { expertise: ['javascript', 'react'], yearsExperience: 9, currentRole: 'Staff engineer', company: 'Paystack', bio: 'I have built payment front ends used by thousands of Nigerian businesses. I help developers level up to senior.', linkUrl: 'https://www.linkedin.com/in/folake-demo' }, [plan('Office hours', 0, 1, 30), plan('Career sprint', 20_000, 2, 45, { trial: true, features: ['CV review', 'Mock interviews'], responseHours: 24 }), plan('Senior track', 45_000, 4, 60, { features: ['Weekly code review'], menteeLimit: 5 })]],
  ['kelechi', 'Kelechi Nwankwo', { expertise: ['python', 'data-analysis'], yearsExperience: 7, currentRole: 'Data lead', company: 'Kuda', bio: 'From Excel to Python and SQL: I coach analysts who want to move into data science.', linkUrl: 'https://www.linkedin.com/in/kelechi-demo' }, [plan('Data career plan', 15_000, 2, 45, { features: ['Portfolio review'] })]],
  ['zainab', 'Zainab Lawal', { expertise: ['figma'], yearsExperience: 6, currentRole: 'Product designer', company: 'Flutterwave', bio: 'Product design, portfolios and design critique for junior designers.', linkUrl: 'https://zainab-demo.example.ng' }, [plan('Portfolio clinic', 12_000, 2, 30, { trial: true }), plan('Design community', 0, 1, 60)]],
  ['segun', 'Segun Afolabi', { expertise: ['bookkeeping'], yearsExperience: 12, currentRole: 'Founder', company: 'Afolabi & Co', bio: 'Twelve years running small businesses in Lagos: pricing, books, hiring and growth.', linkUrl: '' }, [plan('Small business coaching', 25_000, 2, 60)]],
  ['amaka', 'Amaka Eze', { expertise: ['search-engine-optimisation', 'digital-marketing'], yearsExperience: 5, currentRole: 'Growth marketer', company: 'Jumia', bio: 'SEO, content and paid ads for marketers who want measurable growth.', linkUrl: 'https://www.linkedin.com/in/amaka-demo' }, [plan('Growth mentoring', 18_000, 3, 30, { features: ['Monthly audit of your site'] })]],
  ['yusuf', 'Yusuf Danjuma', { expertise: ['machine-learning', 'python'], yearsExperience: 10, currentRole: 'ML engineer', company: 'Andela', bio: 'Machine learning in production. I mentor engineers moving into ML roles.', linkUrl: 'https://www.linkedin.com/in/yusuf-demo' }, [plan('ML foundations', 30_000, 2, 60, { trial: true }), plan('Research reading group', 0, 1, 45)]],
];

interface SeedOptions {
  admin: TUser;
  learners: TUser[];
  person: (username: string, fullName: string, role: TRole) => Promise<TUser>;
  setClock: (at: Date) => Promise<void>;
}

/**
 * Mentors, made the way people become mentors (apply, an admin approves, they publish plans),
 * their schedules, and mentees with subscriptions and sessions. Answers the people made, for the
 * printed logins, and a line about what was made.
 */
export async function seedMentorship(services: AllServices, opts: SeedOptions): Promise<{ mentors: TUser[]; mentees: TUser[]; summary: string }> {
  const { mentorship, accounts } = services;
  const mentors: TUser[] = [];
  const plans = new Map<string, string>();
  for (const [username, fullName, application, mentorPlans] of MENTORS) {
    const applicant = await opts.person(username, fullName, 'general');
    const { id } = await mentorship.applications.apply(applicant, { ...application, motivation: 'I want to give back what my own mentors gave me.' });
    await mentorship.applications.decide(opts.admin, id, { decision: 'approve', note: 'Welcome to the mentors.' });
    const mentor = await accounts.present((await accounts.findById(applicant.id))!);
    mentors.push(mentor);
    for (const p of mentorPlans) plans.set(`${username}:${p.name}`, (await mentorship.plans.create(mentor, p)).id);
  }
  // One application waiting for the admin.
  const waiting = await opts.person('bisi', 'Bisi Ogunleye', 'general');
  await mentorship.applications.apply(waiting, {
    expertise: ['react'],
    yearsExperience: 4,
    bio: 'Frontend developer who loves teaching React and accessibility to beginners.',
    linkUrl: 'https://bisi-demo.example.ng',
    motivation: 'I run a weekend coding club and want to help people one to one.',
  });

  await seedSchedules(services, mentors);
  const made = await seedSubscriptionsAndSessions(services, opts, mentors, plans);
  return { mentors, mentees: made.mentees, summary: made.summary };
}

/**
 * Mentees subscribed the three ways (a paid plan through the test gateway, a free plan, a trial),
 * with sessions: held ones in the past (both joined the call), upcoming ones, one cancelled.
 */
async function seedSubscriptionsAndSessions(services: AllServices, opts: SeedOptions, mentors: TUser[], plans: Map<string, string>) {
  const { mentorship, payments, mentorSessions } = services;
  const mentor = (u: string) => mentors.find((m) => m.username === u)!;
  const learner = (u: string) => opts.learners.find((l) => l.username === u)!;
  const inDays = (days: number) => new Date(Date.now() + days * DAY);
  const at = (days: number) => opts.setClock(inDays(days));
  const subscriptionOf = async (mentee: TUser, plan: string) => (await mentorship.subscriptions.ofMentee(mentee)).subscriptions.find((s) => s.planId === plan)!;
  const count = { held: 0, upcoming: 0, cancelled: 0, paid: 0 };
  const mentees: TUser[] = [];

  const test = payments.testCheckout;
  if (test) {
    mentees.push(await opts.person('damilola', 'Damilola Ojo', 'general'), await opts.person('kemi', 'Kemi Adebayo', 'general'));
    // [mentee, mentor, plan, paid days ago, a held session from days ago, an upcoming one from days ahead (booked yesterday), a cancelled one]
    const paid: Array<[TUser, string, string, number, number, number, boolean]> = [
      [learner('emeka'), 'folake', 'Career sprint', 20, 13, 3, false],
      [mentees[0]!, 'kelechi', 'Data career plan', 22, 15, 2, false],
      [mentees[1]!, 'amaka', 'Growth mentoring', 10, 6, 4, true],
    ];
    for (const [mentee, mentorName, planName, paidAgo, heldAgo, ahead, withCancel] of paid) {
      const plan = plans.get(`${mentorName}:${planName}`)!;
      await at(-paidAgo);
      // Straight to checkout and "Pay now", as a mentee who used the trial would.
      const { url } = await payments.checkout(mentee, 'mentor_plan', plan);
      await test.pay(mentee, url.split('/').pop()!);
      count.paid++;
      const sub = await subscriptionOf(mentee, plan);
      const held = await book(services, mentee, mentor(mentorName).id, sub.id, inDays(-heldAgo));
      // One more the mentee cancels in good time (it does not use the allowance).
      const dropped = withCancel ? await book(services, mentee, mentor(mentorName).id, sub.id, new Date(held.start.getTime() + DAY)) : null;
      await hold(services, opts.setClock, mentor(mentorName), mentee, held, sub.sessionMinutes);
      count.held++;
      if (dropped) {
        await mentorSessions.cancel(mentee, dropped.id);
        count.cancelled++;
      }
      await at(-1);
      await book(services, mentee, mentor(mentorName).id, sub.id, inDays(ahead));
      count.upcoming++;
    }
  }
  await at(0);
  // aisha joins a free plan, chioma starts a trial; each books a session.
  for (const [mentee, mentorName, planName, ahead] of [
    [learner('aisha'), 'zainab', 'Design community', 5],
    [learner('chioma'), 'yusuf', 'ML foundations', 2],
  ] as const) {
    const plan = plans.get(`${mentorName}:${planName}`)!;
    const started = await mentorship.subscriptions.subscribe(mentee, plan);
    if (!started.created) throw new Error(`seed: ${planName} asked ${mentee.username} to pay`);
    await book(services, mentee, mentor(mentorName).id, started.subscription.id, inDays(ahead));
    count.upcoming++;
  }
  await opts.setClock(new Date());
  const summary =
    `Seeded ${mentors.length} mentors with plans, weekly schedules and date overrides; ${count.paid + 2} mentee subscriptions (${count.paid} paid through the test gateway, one free, one trial) ` +
    `and ${count.held + count.upcoming + count.cancelled} sessions: ${count.held} held, ${count.upcoming} upcoming, ${count.cancelled} cancelled.`;
  // Their first subscription made them mentees: the printed logins show the role they have now.
  const now = await Promise.all(mentees.map(async (m) => services.accounts.present((await services.accounts.findById(m.id))!)));
  return { mentees: now, summary };
}
