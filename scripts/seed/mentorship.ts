import type { FastifyInstance } from 'fastify';
import type { TUser } from '../../shared/accounts/accounts.schemas';
import type { TMentorApplicationInput, TPlanInput } from '../../shared/mentorship/mentorship.schemas';
import type { TRole } from '../../shared/roles';

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

/**
 * Mentors, made the way people become mentors (apply, an admin approves, they publish plans),
 * and mentees subscribed the three ways: a paid plan through the test gateway, a free plan and a
 * trial. Answers the mentors, for the printed logins.
 */
export async function seedMentorship(
  app: FastifyInstance,
  opts: { admin: TUser; learners: TUser[]; person: (username: string, fullName: string, role: TRole) => Promise<TUser>; setClock: (at: Date) => Promise<void> },
): Promise<TUser[]> {
  const { mentorship, accounts, payments } = app.services;
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

  const learner = (u: string) => opts.learners.find((l) => l.username === u)!;
  // emeka pays for Career sprint through the test gateway, 20 days ago.
  const test = payments.testCheckout;
  if (test) {
    await opts.setClock(new Date(Date.now() - 20 * DAY));
    const emeka = learner('emeka');
    const sprint = plans.get('folake:Career sprint')!;
    // Straight to checkout and "Pay now", as a mentee who used the trial would.
    const { url } = await payments.checkout(emeka, 'mentor_plan', sprint);
    await test.pay(emeka, url.split('/').pop()!);
    await opts.setClock(new Date());
  }
  // aisha joins a free plan; chioma starts a trial.
  await mentorship.subscriptions.subscribe(learner('aisha'), plans.get('zainab:Design community')!);
  await mentorship.subscriptions.subscribe(learner('chioma'), plans.get('yusuf:ML foundations')!);
  return mentors;
}
