import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { TMentorApplicationInput, TPlanInput } from '#shared/mentorship/mentorship.schemas';
import { login, type Harness } from '#server/test/harness';
import { actor, as, type Actor } from '#server/features/courses/testing/course-fixtures';
import { payments } from '#server/features/payments/payments.table';

/** Test helpers for the mentorship suites: applicants, approved mentors, plans and subscriptions. */
export const PLAN_PRICE = 2_000_000;

export const applicationInput = (over: Partial<TMentorApplicationInput> = {}): TMentorApplicationInput => ({
  expertise: ['javascript'],
  yearsExperience: 8,
  currentRole: 'Staff engineer',
  company: 'Paystack',
  bio: 'I have built payment systems in Lagos for eight years and love teaching.',
  linkUrl: 'https://www.linkedin.com/in/someone',
  motivation: 'I want to help junior engineers grow faster than I did.',
  ...over,
});

export const planInput = (over: Partial<TPlanInput> = {}): TPlanInput => ({
  name: 'Career sprint',
  description: 'Two calls a month and chat support.',
  priceMinor: PLAN_PRICE,
  currency: 'NGN',
  sessionsPerMonth: 2,
  sessionMinutes: 45,
  features: ['CV review'],
  ...over,
});

/** The actor as the server sees them now (roles change on approval and subscription). */
export async function refresh(h: Harness, who: Actor): Promise<Actor> {
  const row = await h.services.accounts.findById(who.user.id);
  return { ...who, user: await h.services.accounts.present(row!) };
}

/** A member who applied and was approved by `admin`: a mentor in the directory. */
export async function makeMentor(
  h: Harness,
  admin: Actor,
  over: Partial<TMentorApplicationInput> = {},
): Promise<Actor> {
  const who = await actor(h, 'general');
  const { applications } = h.services.mentorship;
  const { id } = await applications.apply(who.user, applicationInput(over));
  await applications.decide(admin.user, id, { decision: 'approve' });
  return refresh(h, who);
}

export async function makePlan(h: Harness, mentor: Actor, over: Partial<TPlanInput> = {}) {
  return h.services.mentorship.plans.create(mentor.user, planInput(over));
}

/** Subscribe, and for a paid plan "Pay now" on the test gateway: answers the payment's reference, if any. */
export async function subscribePaid(h: Harness, mentee: Actor, planId: string) {
  const res = await as(h, mentee)('POST', `/api/mentor/plans/${planId}/subscribe`);
  expect(res.statusCode, res.body).toBe(200);
  const reference = (res.json().url as string).split('/').pop()!;
  const paid = await as(h, mentee)('POST', `/api/payments/test-checkout/${reference}/pay`);
  expect(paid.statusCode, paid.body).toBe(200);
  return reference;
}

export async function paymentRow(h: Harness, reference: string) {
  return (await h.app.database.db.select().from(payments).where(eq(payments.reference, reference)))[0]!;
}

/** A new session for a member: sessions lapse after 6 idle hours, and clock tests move days. */
export async function signIn(h: Harness, who: Actor): Promise<Actor> {
  return { ...who, cookie: await login(h, who.user.username) };
}
