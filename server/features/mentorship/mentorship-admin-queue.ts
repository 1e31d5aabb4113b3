import { AppError } from '#server/lib/errors';
import type { AdminQueue } from '../admin';
import type { NotificationsService } from '../notifications';
import type { SkillsService } from '../skills';
import { mentorshipAdminRepo } from './mentorship-admin.repo';
import { sessionsRepo } from './sessions/sessions.repo';

/**
 * Mentor applications waiting, in the console's queues; decided on the mentorship panel
 * (POST /api/admin/mentor-applications/:id/decision), which the queue's screen shows.
 */
export const mentorApplicationsQueue = (deps: { skills: SkillsService }): AdminQueue => ({
  kind: 'mentors',
  label: 'Mentor applications',
  count: (tx) => mentorshipAdminRepo.pendingApplications(tx),
  async list(tx, page) {
    const rows = await mentorshipAdminRepo.pendingApplicationsPage(tx, page);
    const expertise = await deps.skills.refsOf(
      rows.map((r) => r.expertise),
      tx,
    );
    return rows.map((r, i) => ({
      id: r.id,
      title: `Mentor application from ${r.name}`,
      summary: r.bio,
      createdAt: r.createdAt.toISOString(),
      link: null,
      subjectUserId: r.userId,
      evidence: { yearsExperience: r.years, expertise: expertise[i]!.map((s) => s.name) },
    }));
  },
});

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** The window the flag counts no-shows in (decision 032). */
const NO_SHOW_WINDOW_MS = 90 * 86_400_000;

/**
 * Mentors flagged for three no-shows in 90 days (decision 032), oldest flag first; an item is the
 * mentor (one open flag at a time). The evidence is the missed sessions. `dismiss` clears the flag;
 * `warn` clears it and sends the mentor the admin's note. Suspending goes through the member's page.
 */
export function flaggedMentorsQueue(deps: { notifications: NotificationsService; now: () => Date }): AdminQueue {
  const { notifications, now } = deps;
  return {
    kind: 'flagged-mentors',
    label: 'Flagged mentors',
    count: (tx) => mentorshipAdminRepo.openFlags(tx),
    async list(tx, page) {
      const rows = await mentorshipAdminRepo.openFlagsPage(tx, page);
      if (!rows.length) return [];
      const since = new Date(Math.min(...rows.map((r) => r.flaggedAt.getTime())) - NO_SHOW_WINDOW_MS);
      const missed = await mentorshipAdminRepo.missedSessions(
        tx,
        rows.map((r) => r.mentorId),
        since,
      );
      return rows.map((r) => ({
        id: r.mentorId,
        title: `${r.name} missed ${r.noShows} sessions`,
        summary: `Flagged for not joining ${r.noShows} sessions within 90 days.`,
        createdAt: r.flaggedAt.toISOString(),
        link: `/admin/dashboard/members/${r.mentorId}`,
        subjectUserId: r.mentorId,
        evidence: {
          noShows: r.noShows,
          missedSessions: missed
            .filter(
              (s) =>
                s.mentorId === r.mentorId &&
                s.startAt.getTime() >= r.flaggedAt.getTime() - NO_SHOW_WINDOW_MS &&
                s.startAt <= r.flaggedAt,
            )
            .map((s) => ({ sessionId: s.id, menteeId: s.menteeId, startAt: s.startAt.toISOString() })),
        },
      }));
    },
    actions: ['dismiss', 'warn'],
    async act(_admin, mentorId, input, tx) {
      if (!UUID.test(mentorId)) throw new AppError('NOT_FOUND', 'There is no such flag.');
      const open = await sessionsRepo.openFlag(tx, mentorId);
      if (!open || !(await sessionsRepo.clearFlag(tx, mentorId, now())))
        throw new AppError('CONFLICT', 'This flag has already been handled.');
      if (input.action === 'warn') {
        await notifications.notify(
          mentorId,
          {
            type: 'system_update',
            title: 'A warning from the team',
            message:
              input.note ||
              `You missed ${open.noShows} booked sessions in 90 days. Mentees count on you: join on time, or cancel early if you cannot.`,
          },
          tx,
          { emailCopy: true },
        );
      }
      const status = input.action === 'warn' ? 'warned' : 'dismissed';
      return {
        status,
        audit: {
          action: `mentor_flag.${input.action}`,
          targetType: 'user',
          targetId: mentorId,
          before: { flaggedAt: open.flaggedAt.toISOString(), noShows: open.noShows },
          after: { cleared: true, warned: input.action === 'warn' },
          reason: input.note ?? null,
        },
      };
    },
  };
}
