import { AppError } from '#server/lib/errors';
import { afterCommit, transaction } from '#server/db/transaction';
import type { TUser } from '#shared/accounts/accounts.schemas';
import {
  ZMentorApplicationInput,
  type TApplicationDecision,
  type TApplicationStatus,
  type TMentorApplication,
  type TMentorApplicationInput,
} from '#shared/mentorship/mentorship.schemas';
import { holdsRole } from '#shared/roles';
import type { MentorshipDeps } from './mentorship.deps';
import { can } from './mentorship.policy';
import { presentApplication } from './mentorship.presenter';
import { mentorshipRepo } from './mentorship.repo';

const PENDING = 'You already have an application waiting for review. We will let you know when it is decided.';
const APPLICATION_QUEUE = [['/api/admin/mentor-applications']] as const;

/** Applying to mentor, and the admins' decision on it (issue 15 item 1). */
export function createApplicationsService(deps: MentorshipDeps) {
  const { db, accounts, notifications, realtime, audit, skills, now } = deps;
  const announceQueue = () =>
    realtime.emitToRole('admin', 'data:updated', { queryKeys: APPLICATION_QUEUE.map((k) => [...k]) });

  return {
    async apply(user: TUser, raw: TMentorApplicationInput): Promise<{ id: string; status: 'pending' }> {
      if (!can(user, 'apply')) throw new AppError('FORBIDDEN', 'Administrators cannot apply to mentor.');
      if (holdsRole(user, 'mentor')) throw new AppError('CONFLICT', 'You are already a mentor.');
      const input = ZMentorApplicationInput.parse(raw);
      return transaction(db, async (tx) => {
        // Expertise comes from the shared vocabulary (a new skill is proposed through the picker first).
        await skills.resolveSlugs(input.expertise, tx, 'expertise');
        const row = await mentorshipRepo.insertApplication(tx, {
          userId: user.id,
          expertise: input.expertise,
          yearsExperience: input.yearsExperience,
          currentRole: input.currentRole || null,
          company: input.company || null,
          bio: input.bio,
          linkUrl: input.linkUrl || null,
          motivation: input.motivation,
          proposedPlans: input.proposedPlans || null,
          makePrimary: input.makePrimary,
          createdAt: now(),
        });
        // The partial unique index decides a race between two submissions.
        if (!row) throw new AppError('CONFLICT', PENDING);
        afterCommit(tx, announceQueue);
        return { id: row.id, status: 'pending' as const };
      });
    },

    async mine(user: TUser): Promise<{ applications: TMentorApplication[] }> {
      const rows = await mentorshipRepo.applicationsOf(db, user.id);
      const expertise = await skills.refsOf(rows.map((r) => r.expertise));
      return { applications: rows.map((r, i) => presentApplication(r, expertise[i]!)) };
    },

    async queue(adminUser: TUser, status: TApplicationStatus): Promise<{ applications: TMentorApplication[] }> {
      if (!can(adminUser, 'decide_applications'))
        throw new AppError('FORBIDDEN', 'Only administrators can see mentor applications.');
      const rows = await mentorshipRepo.applicationsByStatus(db, status, now());
      const expertise = await skills.refsOf(rows.map((r) => r.application.expertise));
      return {
        applications: rows.map((r, i) => presentApplication(r.application, expertise[i]!, r.applicant, adminUser)),
      };
    },

    /** Approval grants the mentor role (primary unless the applicant chose otherwise); both outcomes notify. */
    async decide(adminUser: TUser, id: string, input: TApplicationDecision): Promise<TMentorApplication> {
      if (!can(adminUser, 'decide_applications'))
        throw new AppError('FORBIDDEN', 'Only administrators can decide mentor applications.');
      return transaction(db, async (tx) => {
        const found = await mentorshipRepo.findApplication(tx, id);
        if (!found) throw new AppError('NOT_FOUND', 'Application not found.');
        const approve = input.decision === 'approve';
        const decided = await mentorshipRepo.decideApplication(tx, id, {
          status: approve ? 'approved' : 'rejected',
          decidedBy: adminUser.id,
          decisionNote: input.note || null,
          decidedAt: now(),
        });
        if (!decided) throw new AppError('CONFLICT', 'This application was already decided.');
        if (approve) {
          await accounts.grantRole(decided.userId, 'mentor', decided.makePrimary, tx);
          await notifications.notify(
            decided.userId,
            {
              type: 'system_update',
              title: 'You are now a mentor',
              message:
                `Your mentor application was approved${input.note ? `: ${input.note}` : '.'} Create your first plan so mentees can subscribe.`.slice(
                  0,
                  2000,
                ),
              link: '/mentor/dashboard',
            },
            tx,
            { emailCopy: true },
          );
        } else {
          await notifications.notify(
            decided.userId,
            {
              type: 'system_update',
              title: 'Mentor application not approved',
              message: `Your mentor application was not approved: ${input.note ?? ''}`.slice(0, 2000),
              link: '/mentorship/mentor/apply',
            },
            tx,
            { emailCopy: true },
          );
        }
        await audit.action(
          {
            adminId: adminUser.id,
            action: `mentor_application.${approve ? 'approved' : 'rejected'}`,
            target: `mentor_application:${id}`,
            details: { note: input.note ?? null },
          },
          tx,
        );
        afterCommit(tx, () => {
          announceQueue();
          realtime.emitToUser(decided.userId, 'data:updated', {
            queryKeys: [['/api/mentorship/applications'], ['/api/user']],
          });
        });
        const [expertise] = await skills.refsOf([decided.expertise], tx);
        return presentApplication(decided, expertise!);
      });
    },
  };
}

export type ApplicationsService = ReturnType<typeof createApplicationsService>;
