import { MILESTONE_STATUS_LABELS, type TMilestone, type TMilestoneStatus } from '#shared/talent/escrow.schemas';
import { cn } from '#client/lib/cn';
import { formatDateTime, formatDay } from '#client/lib/format-date';

const TONES: Record<TMilestoneStatus, string> = {
  unfunded: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  funded: 'bg-indigo-50 text-indigo-800 dark:bg-indigo-950/60 dark:text-indigo-200',
  submitted: 'bg-amber-50 text-amber-900 dark:bg-amber-950/60 dark:text-amber-200',
  released: 'bg-emerald-50 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-200',
  refunded: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
  disputed: 'bg-red-50 text-red-800 dark:bg-red-950/60 dark:text-red-200',
  cancelled: 'bg-zinc-100 text-zinc-600 dark:bg-zinc-800 dark:text-zinc-400',
};

export function MilestoneStatusBadge({ status }: { status: TMilestoneStatus }) {
  return (
    <span
      data-testid="milestone-status"
      className={cn('shrink-0 rounded-md px-2 py-0.5 text-xs font-medium whitespace-nowrap', TONES[status])}
    >
      {MILESTONE_STATUS_LABELS[status]}
    </span>
  );
}

/** The milestone's dates that matter now: when it is due, and what happened to it or happens next. */
export function milestoneDates(m: TMilestone): string {
  const due = m.dueDate ? `Due ${formatDay(m.dueDate)}` : 'No due date';
  if (m.status === 'submitted' && m.autoReleaseAt)
    return `${due} · releases by itself on ${formatDateTime(m.autoReleaseAt)} unless the poster answers`;
  if (m.status === 'released' && m.releasedAt) return `${due} · released ${formatDateTime(m.releasedAt)}`;
  if (m.status === 'funded' && m.fundedAt) return `${due} · funded ${formatDateTime(m.fundedAt)}`;
  return due;
}
