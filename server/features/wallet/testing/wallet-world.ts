import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { PAYOUT_HOLD_HOURS } from '#shared/wallet/payouts.schemas';
import { buildUser, PASSWORD, type Harness } from '#server/test/harness';
import { makeCourse } from '#server/features/courses/testing/course-fixtures';
import { applicationInput, planInput } from '#server/features/mentorship/testing/mentorship-fixtures';
import { payments } from '#server/features/payments/payments.table';
import { hire, plan, type WorldGig } from './escrow-world';
import { WalletModel } from './wallet-model';

const HOUR = 3_600_000;
const GTB = '058';
/** The test gateway pays this account and refuses transfers to the other (it ends in 0000). */
export const ACCOUNTS = { good: '0123456789', refused: '0123450000' } as const;
/** Buyers and mentees shared by every run: a run's sellers are its own, so its buyers may be anyone's. */
export const BUYERS = 4;

/** The members every run shares, made once. */
export interface Shared {
  h: Harness;
  admin: TUser;
  buyers: TUser[];
}

type AccountChoice = keyof typeof ACCOUNTS | 'none';
/**
 * How far the run's first gig went before the drawn steps, so that a short run has escrow to
 * release or dispute: its first milestone funded, or funded and delivered, or funded and disputed
 * with the next one funded and delivered (whose 14-day release the dispute holds back).
 */
export type GigStage = 'planned' | 'funded' | 'delivered' | 'contested';

/**
 * How a run starts: the prices its sellers sell at (odd kobo, so that a partial refund's share of
 * the fee rounds), the milestones of its first gig and how far it went, the payout account each
 * earner (tutor, mentor, talent) starts with, if any, and whether tutor and mentor sold once more
 * than a window ago (so that a short run has money to withdraw).
 */
export interface RunStart {
  courses: [number, number];
  plan: number;
  gig: number[];
  gigStage: GigStage;
  accounts: [AccountChoice, AccountChoice, AccountChoice];
  soldBefore: boolean;
}

const price = fc.integer({ min: 50_000, max: 3_000_000 });
const accountChoice = fc.constantFrom<AccountChoice>('good', 'refused', 'none');
export const runStart: fc.Arbitrary<RunStart> = fc.record({
  courses: fc.tuple(price, price),
  plan: price,
  gig: plan,
  gigStage: fc.oneof(
    { weight: 1, arbitrary: fc.constant<GigStage>('planned') },
    { weight: 1, arbitrary: fc.constant<GigStage>('funded') },
    { weight: 2, arbitrary: fc.constant<GigStage>('delivered') },
    { weight: 1, arbitrary: fc.constant<GigStage>('contested') },
  ),
  accounts: fc.tuple(accountChoice, accountChoice, accountChoice),
  soldBefore: fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) }),
});

/**
 * One run's world: fresh sellers (a tutor with two courses, a mentor with a plan), a poster who
 * hired a talent for a gig paid through escrow, what the test knows of their sales and gigs, and
 * the model of what their wallets should say.
 */
export interface World extends Shared {
  model: WalletModel;
  tutor: TUser;
  courses: Array<{ id: string; priceMinor: number }>;
  mentor: TUser;
  plan: { id: string; priceMinor: number };
  poster: TUser;
  talent: TUser;
  /** The poster's gigs with the talent, as the test expects them. */
  gigs: WorldGig[];
  /** The members who earn and withdraw: the sellers and the talent. */
  payees: TUser[];
  /** Course payments not refunded yet, with who bought what. */
  coursePayments: Array<{ paymentId: string; buyer: TUser; courseId: string }>;
  /** Refunds asked inside the window and not decided yet, by refund request id. */
  askedRefunds: Map<string, { paymentId: string; buyer: TUser; courseId: string }>;
  /** `buyerId:courseId` of each live enrolment: a course is bought again only after a refund. */
  enrolled: Set<string>;
  /** Live subscriptions to the plan, by mentee id, with the payment that bought them. */
  subscriptions: Map<string, { id: string; paymentId: string }>;
  /** The payout account each payee set (whether the bank refuses it) and until when payouts wait. */
  payoutAccounts: Map<string, { number: string; heldUntil: number }>;
}

export async function sharedMembers(h: Harness): Promise<Shared> {
  const present = async (row: Awaited<ReturnType<typeof buildUser>>) => h.services.accounts.present(row);
  const admin = await present(await buildUser(h, { role: 'admin' }));
  const buyers = [];
  for (let i = 0; i < BUYERS; i++) buyers.push(await present(await buildUser(h, { role: 'student' })));
  return { h, admin, buyers };
}

export async function newWorld(s: Shared, start: RunStart): Promise<World> {
  const { h, admin } = s;
  const { accounts, mentorship } = h.services;
  const tutor = await accounts.present(await buildUser(h, { role: 'tutor' }));
  const courses = [];
  for (const priceMinor of start.courses) {
    const made = await makeCourse(h, tutor, { admin, lessons: 1, input: { title: 'Ledger course', priceMinor } });
    courses.push({ id: made.id, priceMinor });
  }
  const applicant = await accounts.present(await buildUser(h));
  const { id } = await mentorship.applications.apply(applicant, applicationInput());
  await mentorship.applications.decide(admin, id, { decision: 'approve' });
  const mentor = await accounts.present((await accounts.findById(applicant.id))!);
  const plan = await mentorship.plans.create(mentor, planInput({ priceMinor: start.plan }));
  const poster = await accounts.present(await buildUser(h));
  const talent = await accounts.present(await buildUser(h, { role: 'talent' }));
  const w: World = {
    ...s,
    model: new WalletModel(),
    tutor,
    courses,
    mentor,
    plan: { id: plan.id, priceMinor: start.plan },
    poster,
    talent,
    gigs: [],
    payees: [tutor, mentor, talent],
    coursePayments: [],
    askedRefunds: new Map(),
    enrolled: new Set(),
    subscriptions: new Map(),
    payoutAccounts: new Map(),
  };
  for (const [i, choice] of start.accounts.entries())
    if (choice !== 'none') await setPayoutAccount(w, w.payees[i]!, ACCOUNTS[choice]);
  await hire(w, start.gig);
  return w;
}

/** Sets the payee's payout account, and when payouts wait: a day after a change, as the service says. */
export async function setPayoutAccount(w: World, payee: TUser, number: string) {
  await w.h.services.payouts.setAccount(payee, { bankCode: GTB, accountNumber: number, password: PASSWORD });
  const before = w.payoutAccounts.get(payee.id);
  const changed = before && before.number !== number;
  const heldUntil = changed ? w.h.clock.now.getTime() + PAYOUT_HOLD_HOURS * HOUR : (before?.heldUntil ?? 0);
  w.payoutAccounts.set(payee.id, { number, heldUntil });
}

export const feeOf = (w: World, gross: number) => Math.round((gross * w.h.config.payments.feePercent) / 100);

async function paymentOf(w: World, reference: string) {
  const [row] = await w.h.app.database.db.select().from(payments).where(eq(payments.reference, reference));
  if (!row || row.status !== 'paid') throw new Error(`payment ${reference} is not paid`);
  return row;
}

/** A sale through the test gateway's checkout and "Pay now", as the buyer makes it. */
export async function buy(w: World, buyer: TUser, kind: 'course' | 'mentor_plan', itemId: string) {
  const { payments: pay } = w.h.services;
  const { sessionId } = await pay.checkout(buyer, kind, itemId);
  await pay.testCheckout!.pay(buyer, sessionId);
  const row = await paymentOf(w, sessionId);
  w.model.sale(row.id, row.payeeId, row.amountMinor, feeOf(w, row.amountMinor), w.h.clock.now);
  return row;
}
