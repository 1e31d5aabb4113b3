import { useState } from 'react';
import { Link } from 'react-router';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { ROLE_CARDS, TRoleDetails, TTeachingStorage } from '#shared/accounts/roles.schemas';
import { holdsRole } from '#shared/roles';
import { formatBytes } from '#shared/uploads/uploads.schemas';
import { Button, buttonClasses } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { EmployerForm } from './employer-form';
import { JobSeekerForm } from './job-seeker-form';
import { TalentForm } from './talent-form';

type RoleCardInfo = (typeof ROLE_CARDS)[number];

interface RoleCardProps {
  card: RoleCardInfo;
  user: TUser;
  details: TRoleDetails | undefined;
  onTake: () => void;
  onMakePrimary: () => void;
  taking: boolean;
  switching: boolean;
}

/** What a held role's details need filling in, if anything: undefined when it has no details. */
function detailsOf(card: RoleCardInfo, details: TRoleDetails | undefined) {
  if (card.role === 'employer') return details?.employer ?? null;
  if (card.role === 'talent') return details?.talent ?? null;
  if (card.role === 'job_seeker') return details?.jobSeeker ?? null;
  return undefined;
}

function DetailsForm({ card, details }: { card: RoleCardInfo; details: TRoleDetails }) {
  if (card.role === 'employer') return <EmployerForm saved={details.employer} />;
  if (card.role === 'talent') return <TalentForm saved={details.talent} />;
  if (card.role === 'job_seeker') return <JobSeekerForm saved={details.jobSeeker} />;
  return null;
}

/**
 * The tutor's storage, next to the role whether held or not: the role is taken at once, the larger
 * storage waits for an admin's approval of a first course (decision 047).
 */
function teachingStorageNote({ granted, memberBytes, teachingBytes }: TTeachingStorage): string {
  if (granted) return `You have ${formatBytes(teachingBytes)} of storage for course videos.`;
  return `Your storage is ${formatBytes(memberBytes)} until an admin approves your first course, then ${formatBytes(teachingBytes)} for course videos.`;
}

/** One self-service role: take it on, make it primary, fill in or edit its details. */
export function RoleCard({ card, user, details, onTake, onMakePrimary, taking, switching }: RoleCardProps) {
  const held = holdsRole(user, card.role);
  const primary = user.role === card.role;
  const saved = detailsOf(card, details);
  // Until the member chooses, a role whose details are not filled in shows its form (what they
  // came to fill in) and one already filled in keeps it closed.
  const [chosen, setChosen] = useState<boolean | null>(null);
  const open = chosen ?? (details !== undefined && saved === null);
  const headingId = `role-${card.role}-heading`;
  const formId = `role-${card.role}-details`;

  return (
    <Card className="flex flex-col gap-4 p-5" aria-labelledby={headingId} role="group">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0 space-y-1">
          <h3 id={headingId} className="text-base font-semibold text-zinc-900 dark:text-white">
            {card.title}
          </h3>
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{card.description}</p>
          {card.role === 'tutor' && details ? (
            <p className="text-sm text-zinc-600 dark:text-zinc-400">{teachingStorageNote(details.teachingStorage)}</p>
          ) : null}
        </div>
        {held ? (
          <span
            className={
              primary
                ? 'rounded-full bg-indigo-100 px-2.5 py-0.5 text-xs font-medium text-indigo-800 dark:bg-indigo-950 dark:text-indigo-200'
                : 'rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-medium text-emerald-800 dark:bg-emerald-950 dark:text-emerald-200'
            }
          >
            {primary ? 'Primary role' : 'Taken on'}
          </span>
        ) : null}
      </div>

      <div className="flex flex-wrap gap-2">
        {!held ? (
          <Button onClick={onTake} loading={taking} aria-describedby={headingId}>
            Take on
          </Button>
        ) : null}
        {held && !primary ? (
          <Button variant="outline" onClick={onMakePrimary} loading={switching} aria-describedby={headingId}>
            Make primary
          </Button>
        ) : null}
        {held && card.role === 'tutor' ? (
          <Link to="/courses/tutor" className={buttonClasses('outline')}>
            Go to your courses
          </Link>
        ) : null}
        {held && saved !== undefined ? (
          <Button variant="ghost" aria-expanded={open} aria-controls={formId} onClick={() => setChosen(!open)}>
            {open ? 'Hide details' : saved ? 'Edit details' : 'Fill in details'}
          </Button>
        ) : null}
      </div>

      {held && open && details ? (
        <div id={formId} className="border-t border-zinc-200 pt-4 dark:border-zinc-800">
          <DetailsForm card={card} details={details} />
        </div>
      ) : null}
    </Card>
  );
}
