import type { AllServices } from '#server/platform/module';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { SeedCourse } from './catalogue-types';

const DAY = 86_400_000;

/**
 * [days ago, learner, course title]: paid courses bought over the last five months, so that
 * adaeze's revenue has months to chart. chioma's last purchase is still refundable and her
 * earlier ones are past the window; emeka has not bought "Backend APIs with Node.js and
 * PostgreSQL", the README's first purchase.
 */
const SALES: Array<[daysAgo: number, learner: string, title: string]> = [
  [148, 'emeka', 'Git and GitHub for teams'],
  [125, 'aisha', 'Backend APIs with Node.js and PostgreSQL'],
  [110, 'emeka', 'Python for data analysis'],
  [100, 'chioma', 'Bookkeeping for small businesses'],
  [90, 'aisha', 'Introduction to machine learning'],
  [75, 'chioma', 'Search engine optimisation (SEO) basics'],
  [62, 'aisha', 'Python for data analysis'],
  [55, 'emeka', 'Brand identity design'],
  [45, 'emeka', 'Introduction to machine learning'],
  [30, 'chioma', 'Backend APIs with Node.js and PostgreSQL'],
  [18, 'aisha', 'Git and GitHub for teams'],
  [4, 'emeka', 'Search engine optimisation (SEO) basics'],
  [2, 'chioma', 'Git and GitHub for teams'],
];

/** [days ago, learner, course title, reason, decision]: one refunded sale, one request waiting for an admin. */
const REFUNDS: Array<[daysAgo: number, learner: string, title: string, reason: string, decision: 'approve' | null]> = [
  [89, 'aisha', 'Introduction to machine learning', 'The maths moves faster than I can follow yet. I will come back after the Python course.', 'approve'],
  [3, 'emeka', 'Search engine optimisation (SEO) basics', 'I already use most of this at work; I meant to buy the copywriting course instead.', null],
];

/**
 * Purchases made the way a buyer makes them: checkout and "Pay now" on the test gateway, with
 * the seed's clock set to the day of each sale. Skipped when another gateway is configured.
 * Answers the number of sales made.
 */
export async function seedPurchases(
  services: AllServices,
  opts: { learners: TUser[]; admin: TUser; published: Array<{ id: string; course: SeedCourse }>; setClock: (at: Date) => Promise<void> },
): Promise<number> {
  const { payments } = services;
  const test = payments.testCheckout;
  if (!test) return 0;
  const learner = (username: string) => opts.learners.find((l) => l.username === username)!;
  const courseId = (title: string) => opts.published.find((p) => p.course.title === title)!.id;
  const at = (daysAgo: number) => opts.setClock(new Date(Date.now() - daysAgo * DAY));
  const bought = new Map<string, string>();

  const events = [
    ...SALES.map(([days, who, title]) => ({ days, run: () => sell(who, title) })),
    ...REFUNDS.map(([days, who, title, reason, decision]) => ({ days, run: () => refund(who, title, reason, decision) })),
  ].sort((a, b) => b.days - a.days);

  async function sell(who: string, title: string) {
    const buyer = learner(who);
    const { sessionId } = await payments.checkout(buyer, 'course', courseId(title));
    await test!.pay(buyer, sessionId);
    const purchase = (await payments.purchases(buyer)).purchases.find((p) => p.item.id === courseId(title) && p.status === 'paid')!;
    bought.set(`${who}:${title}`, purchase.id);
  }

  async function refund(who: string, title: string, reason: string, decision: 'approve' | null) {
    const asked = await payments.requestRefund(learner(who), bought.get(`${who}:${title}`)!, { reason });
    if (decision) await payments.decideRefund(opts.admin, asked.refund!.id, { decision });
  }

  for (const event of events) {
    await at(event.days);
    await event.run();
  }
  return SALES.length;
}
