import { AppError } from '#server/lib/errors';
import { afterCommit, transaction } from '#server/db/transaction';
import type { DbOrTx } from '#server/db/client';
import type { TUser } from '#shared/accounts/accounts.schemas';
import {
  MAX_ACTIVE_PLANS,
  TRIAL_DAYS,
  ZPlanInput,
  ZPlanPatch,
  type TPlan,
  type TPlanInput,
  type TPlanPatch,
} from '#shared/mentorship/mentorship.schemas';
import type { TRealtimeEvent } from '#shared/realtime/events';
import type { MentorshipDeps } from '../mentorship.deps';
import { can } from '../mentorship.policy';
import { presentPlan } from '../mentorship.presenter';
import { mentorshipRepo, type PlanRow } from '../mentorship.repo';

const TOO_MANY = `You can have up to ${MAX_ACTIVE_PLANS} active plans. Deactivate one first.`;
const notFound = () => new AppError('NOT_FOUND', 'Plan not found.');
const notMentor = () => new AppError('FORBIDDEN', 'Only mentors can manage mentoring plans.');

/**
 * A mentor's plans (issue 15 item 2): at most three active; a price change applies to new
 * subscriptions only (a subscription copies the terms when bought); deactivating keeps current
 * subscribers; deleting a plan someone subscribed to deactivates it, as subscriptions point at it.
 */
export function createPlansService(deps: MentorshipDeps) {
  const { db, realtime, now } = deps;

  function announce(tx: DbOrTx, event: Extract<TRealtimeEvent, `mentor_plan:${string}`>, plan: PlanRow) {
    afterCommit(tx, () => realtime.emitToAll(event, { resourceId: plan.id, mentorId: plan.mentorId }));
  }

  async function present(tx: DbOrTx, plan: PlanRow): Promise<TPlan> {
    return presentPlan(plan, await mentorshipRepo.liveCount(tx, plan.id));
  }

  /** The mentor's own plan, locked; another mentor's plan is a 404, exactly like a missing one. */
  async function ownLocked(tx: DbOrTx, user: TUser, id: string): Promise<PlanRow> {
    if (!can(user, 'manage_plans')) throw notMentor();
    const plan = await mentorshipRepo.lockPlan(tx, id);
    if (!plan || plan.mentorId !== user.id) throw notFound();
    return plan;
  }

  return {
    async own(user: TUser): Promise<{ plans: TPlan[] }> {
      if (!can(user, 'manage_plans')) throw notMentor();
      return {
        plans: (await mentorshipRepo.plansOf(db, user.id, false)).map((r) => presentPlan(r.plan, r.subscribers)),
      };
    },

    /** Active plans of a mentor, as mentees see them. */
    async ofMentor(mentorId: string): Promise<{ plans: TPlan[] }> {
      return {
        plans: (await mentorshipRepo.plansOf(db, mentorId, true)).map((r) => presentPlan(r.plan, r.subscribers)),
      };
    },

    async create(user: TUser, raw: TPlanInput): Promise<TPlan> {
      if (!can(user, 'manage_plans')) throw notMentor();
      const input = ZPlanInput.parse(raw);
      return transaction(db, async (tx) => {
        const plans = await mentorshipRepo.lockPlansOf(tx, user.id);
        if (input.active && plans.filter((p) => p.active).length >= MAX_ACTIVE_PLANS)
          throw new AppError('CONFLICT', TOO_MANY);
        const at = now();
        const { trial, ...fields } = input;
        const plan = await mentorshipRepo.insertPlan(tx, {
          ...fields,
          mentorId: user.id,
          trialDays: trial ? TRIAL_DAYS : 0,
          createdAt: at,
          updatedAt: at,
        });
        announce(tx, 'mentor_plan:created', plan);
        return presentPlan(plan, 0);
      });
    },

    async update(user: TUser, id: string, raw: TPlanPatch): Promise<TPlan> {
      const patch = ZPlanPatch.parse(raw);
      return transaction(db, async (tx) => {
        if (!can(user, 'manage_plans')) throw notMentor();
        const plans = await mentorshipRepo.lockPlansOf(tx, user.id);
        const plan = plans.find((p) => p.id === id);
        if (!plan) throw notFound();
        if (patch.active && !plan.active && plans.filter((p) => p.active).length >= MAX_ACTIVE_PLANS)
          throw new AppError('CONFLICT', TOO_MANY);
        const { trial, ...fields } = patch;
        const updated = await mentorshipRepo.updatePlan(tx, id, {
          ...fields,
          ...(trial === undefined ? {} : { trialDays: trial ? TRIAL_DAYS : 0 }),
          updatedAt: now(),
        });
        announce(tx, 'mentor_plan:updated', updated);
        return present(tx, updated);
      });
    },

    async remove(user: TUser, id: string): Promise<void> {
      await transaction(db, async (tx) => {
        const plan = await ownLocked(tx, user, id);
        if (await mentorshipRepo.hasAnySubscription(tx, id))
          await mentorshipRepo.updatePlan(tx, id, { active: false, updatedAt: now() });
        else await mentorshipRepo.deletePlan(tx, id);
        announce(tx, 'mentor_plan:deleted', plan);
      });
    },
  };
}

export type PlansService = ReturnType<typeof createPlansService>;
