import {
  Award,
  Briefcase,
  ChevronRight,
  ClipboardCheck,
  EyeOff,
  GraduationCap,
  Handshake,
  type LucideIcon,
} from 'lucide-react';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import {
  EVIDENCE_LABELS,
  LEVEL_LABELS,
  PASSPORT_LEVELS,
  type TEvidence,
  type TEvidenceKind,
  type TPassportSkill,
} from '#shared/passport/passport.schemas';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { Button } from '#client/components/ui/button';
import { PageSpinner } from '#client/components/ui/spinner';
import { failureToast } from '#client/lib/failure-toast';
import { formatDate } from '#client/lib/format-date';
import { toast } from '#client/lib/toast';
import { usePassport } from '../api/get-passport';
import { useSetEvidenceVisibility } from '../api/set-evidence-visibility';
import { LevelBadge } from './level-badge';
import { SkillCredential } from './skill-credential';

const ICONS: Record<TEvidenceKind, LucideIcon> = {
  course: GraduationCap,
  assessment: ClipboardCheck,
  gig: Award,
  endorsement: Handshake,
  hire: Briefcase,
};

/**
 * A member's skills passport: skills grouped by level, strongest first, each a disclosure that
 * opens its evidence. The owner sees every item and may hide any from the public view.
 */
export function PassportView({ username, own }: { username: string; own: boolean }) {
  const { data, isPending, error, isRefetching, refetch } = usePassport(username);
  if (isPending) return <PageSpinner label="Loading the skills passport…" className="min-h-24" />;
  if (error || !data)
    return (
      <LoadFailedCard
        variant="inline"
        what="the skills passport"
        retrying={isRefetching}
        onRetry={() => void refetch()}
      />
    );
  if (data.skills.length === 0)
    return (
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        {own
          ? 'No skills yet. Add skills to your profile; courses you complete, gigs you deliver and jobs you are hired for prove them here.'
          : 'No skills on this passport yet.'}
      </p>
    );
  const levels = [...PASSPORT_LEVELS].reverse();
  return (
    <div className="space-y-5">
      <p className="text-sm text-zinc-600 dark:text-zinc-400">
        Levels come from evidence held on the platform: courses and assessments passed, gigs delivered, jobs hired for
        and mentors&apos; endorsements. Older evidence counts for less.
      </p>
      {levels.map((level) => {
        const skills = data.skills.filter((s) => s.level === level);
        if (skills.length === 0) return null;
        return (
          <section key={level} aria-label={LEVEL_LABELS[level]} className="space-y-2">
            <h3 className="flex items-center gap-2 text-sm font-semibold text-zinc-900 dark:text-white">
              <LevelBadge level={level} />
              <span className="text-zinc-600 dark:text-zinc-400">
                {skills.length} skill{skills.length > 1 ? 's' : ''}
              </span>
            </h3>
            <ul className="divide-y divide-zinc-200 rounded-lg border border-zinc-200 dark:divide-zinc-800 dark:border-zinc-800">
              {skills.map((skill) => (
                <SkillRow key={skill.slug} skill={skill} own={own} username={username} />
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}

function SkillRow({ skill, own, username }: { skill: TPassportSkill; own: boolean; username: string }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const count = skill.evidence.length;
  return (
    <li>
      <button
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
        className="flex w-full items-center gap-2 px-3 py-2.5 text-left text-sm hover:bg-zinc-50 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:bg-zinc-900"
      >
        <ChevronRight
          aria-hidden="true"
          className={`size-4 shrink-0 text-zinc-500 transition-transform ${open ? 'rotate-90' : ''}`}
        />
        <span className="min-w-0 flex-1 font-medium break-words text-zinc-900 dark:text-zinc-100">{skill.name}</span>
        {own && skill.publicLevel && skill.publicLevel !== skill.level ? (
          <span className="text-xs text-zinc-600 dark:text-zinc-400">Others see {LEVEL_LABELS[skill.publicLevel]}</span>
        ) : null}
        <span className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400">
          {count === 0 ? 'No evidence' : `${count} item${count > 1 ? 's' : ''}`}
        </span>
      </button>
      <div id={panelId} hidden={!open} className="px-3 pb-3 sm:pl-9">
        {count === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">
            Only listed on the profile: no evidence on the platform yet.
          </p>
        ) : (
          <ul className="space-y-2" aria-label={`Evidence for ${skill.name}`}>
            {skill.evidence.map((item) => (
              <EvidenceItem key={item.id} item={item} own={own} username={username} />
            ))}
          </ul>
        )}
        {own ? <SkillCredential skill={skill} /> : null}
      </div>
    </li>
  );
}

function EvidenceItem({ item, own, username }: { item: TEvidence; own: boolean; username: string }) {
  const Icon = ICONS[item.kind];
  const visibility = useSetEvidenceVisibility(username);
  const toggle = () =>
    visibility.mutate(
      { id: item.id, hidden: !item.hidden },
      { onError: (err) => toast(failureToast('The change was not saved', err)) },
    );
  return (
    <li
      className={`flex flex-wrap items-start gap-x-3 gap-y-1 rounded-md p-2 text-sm ${item.hidden ? 'bg-zinc-50 dark:bg-zinc-900' : ''}`}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
      <div className="min-w-0 flex-1 space-y-0.5">
        <p className="text-xs text-zinc-600 dark:text-zinc-400">
          {EVIDENCE_LABELS[item.kind]} · <time dateTime={item.date}>{formatDate(item.date)}</time>
          {item.hidden ? (
            <span className="ml-2 inline-flex items-center gap-1 font-medium text-zinc-700 dark:text-zinc-300">
              <EyeOff aria-hidden="true" className="size-3.5" />
              Hidden from others
            </span>
          ) : null}
        </p>
        <Link
          to={item.url}
          className="font-medium break-words text-indigo-700 underline-offset-2 hover:underline dark:text-indigo-300"
        >
          {item.title}
        </Link>
        {item.detail ? <p className="break-words text-zinc-700 dark:text-zinc-300">{item.detail}</p> : null}
      </div>
      {own ? (
        <Button
          variant="outline"
          size="sm"
          onClick={toggle}
          disabled={visibility.isPending}
          aria-label={`${item.hidden ? 'Show' : 'Hide'} “${item.title}” ${item.hidden ? 'to' : 'from'} others`}
        >
          {item.hidden ? 'Show' : 'Hide'}
        </Button>
      ) : null}
    </li>
  );
}
