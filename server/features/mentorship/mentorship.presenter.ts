import type { TCurrency } from '#shared/money';
import type { TSkillRef } from '#shared/skills/skills.schemas';
import {
  PAUSE_EVERY_DAYS,
  type TMentorApplication,
  type TPlan,
  type TSubscription,
  type TSubscriptionStatus,
} from '#shared/mentorship/mentorship.schemas';
import { presentPerson, type PersonRow, type Viewer } from '../accounts';
import type { ApplicationRow, PlanRow, SubscriptionRow } from './mentorship.repo';

const DAY = 86_400_000;
const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** `expertise`: the row's slugs with their names (skills.refsOf). */
export function presentApplication(
  row: ApplicationRow,
  expertise: TSkillRef[],
  applicant?: PersonRow,
  viewer?: Viewer,
): TMentorApplication {
  return {
    id: row.id,
    status: row.status as TMentorApplication['status'],
    expertise,
    yearsExperience: row.yearsExperience,
    currentRole: row.currentRole,
    company: row.company,
    bio: row.bio,
    linkUrl: row.linkUrl,
    motivation: row.motivation,
    proposedPlans: row.proposedPlans,
    decisionNote: row.decisionNote,
    createdAt: row.createdAt.toISOString(),
    decidedAt: iso(row.decidedAt),
    ...(applicant ? { applicant: presentPerson(applicant, viewer ?? null) } : {}),
  };
}

export function presentPlan(row: PlanRow, subscribers: number): TPlan {
  return {
    id: row.id,
    mentorId: row.mentorId,
    name: row.name,
    description: row.description,
    priceMinor: row.priceMinor,
    currency: row.currency as TCurrency,
    sessionsPerMonth: row.sessionsPerMonth,
    sessionMinutes: row.sessionMinutes,
    responseHours: row.responseHours,
    features: row.features,
    trialDays: row.trialDays,
    menteeLimit: row.menteeLimit,
    active: row.active,
    subscribers,
    full: row.menteeLimit !== null && subscribers >= row.menteeLimit,
  };
}

/** Once per 90 days, from active only. */
export const mayPause = (row: Pick<SubscriptionRow, 'status' | 'lastPausedAt'>, now: Date) =>
  row.status === 'active' &&
  (!row.lastPausedAt || now.getTime() - row.lastPausedAt.getTime() >= PAUSE_EVERY_DAYS * DAY);

export function presentSubscription(
  r: { subscription: SubscriptionRow; planName: string; mentor: PersonRow; mentee: PersonRow },
  viewer: Viewer,
  now: Date,
): TSubscription {
  const s = r.subscription;
  return {
    id: s.id,
    planId: s.planId,
    planName: r.planName,
    status: s.status as TSubscriptionStatus,
    priceMinor: s.priceMinor,
    currency: s.currency as TCurrency,
    sessionsPerMonth: s.sessionsPerMonth,
    sessionMinutes: s.sessionMinutes,
    currentPeriodStart: s.currentPeriodStart.toISOString(),
    currentPeriodEnd: s.currentPeriodEnd.toISOString(),
    cancelAtPeriodEnd: s.cancelAtPeriodEnd,
    pausedUntil: iso(s.pausedUntil),
    canPause: viewer?.id === s.menteeId && mayPause(s, now),
    createdAt: s.createdAt.toISOString(),
    mentor: presentPerson(r.mentor, viewer),
    mentee: presentPerson(r.mentee, viewer),
  };
}
