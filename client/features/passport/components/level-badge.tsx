import { BadgeCheck } from 'lucide-react';
import { LEVEL_LABELS, type TPassportLevel } from '#shared/passport/passport.schemas';
import { cn } from '#client/lib/cn';

// 700/800 text on 50/100 backgrounds and 200/300 on dark: each pair above WCAG's 4.5:1.
const TONES: Record<TPassportLevel, string> = {
  expert: 'bg-indigo-100 text-indigo-800 dark:bg-indigo-950/60 dark:text-indigo-200',
  proven: 'bg-emerald-100 text-emerald-800 dark:bg-emerald-950/60 dark:text-emerald-200',
  learning: 'bg-amber-100 text-amber-900 dark:bg-amber-950/60 dark:text-amber-200',
  claimed: 'bg-zinc-100 text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300',
};

/** A passport level as a small pill; proven and expert carry a check, since evidence backs them. */
export function LevelBadge({ level, className }: { level: TPassportLevel; className?: string }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-medium whitespace-nowrap',
        TONES[level],
        className,
      )}
    >
      {level === 'proven' || level === 'expert' ? <BadgeCheck aria-hidden="true" className="size-3.5" /> : null}
      {LEVEL_LABELS[level]}
    </span>
  );
}

/** Skills with a level, proven and expert first and badged: talent cards, applicants, mentors. */
export function ProvenSkills({
  skills,
  label = 'Skills',
}: {
  skills: Array<{ slug: string; name: string; level?: TPassportLevel }>;
  label?: string;
}) {
  const rank = (l?: TPassportLevel) => (l === 'expert' ? 0 : l === 'proven' ? 1 : 2);
  const sorted = [...skills].sort((a, b) => rank(a.level) - rank(b.level));
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {sorted.map((s) => (
        <li key={s.slug}>
          {s.level === 'proven' || s.level === 'expert' ? (
            <span
              className={cn(
                'inline-flex items-center gap-1 rounded-md px-2 py-0.5 text-xs font-medium',
                TONES[s.level],
              )}
            >
              <BadgeCheck aria-hidden="true" className="size-3.5" />
              {s.name}
              <span className="sr-only">({LEVEL_LABELS[s.level]})</span>
            </span>
          ) : (
            <span className="inline-flex rounded-md bg-zinc-100 px-2 py-0.5 text-xs text-zinc-700 dark:bg-zinc-800 dark:text-zinc-300">
              {s.name}
            </span>
          )}
        </li>
      ))}
    </ul>
  );
}
