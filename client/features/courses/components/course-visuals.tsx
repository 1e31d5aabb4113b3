import { imageSources, useDataSaver } from '#client/lib/data-saver';
import {
  Brain,
  Briefcase,
  CodeXml,
  HeartPulse,
  Landmark,
  Languages,
  Megaphone,
  Palette,
  Sparkles,
  Sprout,
  Star,
  type LucideIcon,
} from 'lucide-react';
import { COURSE_STATUS_LABELS, type TCourseCategory, type TCourseStatus } from '#shared/courses/courses.constants';
import { Alert } from '#client/components/ui/alert';
import { cn } from '#client/lib/cn';
import { ratingText } from '../format';
import { formatNumber } from '#shared/format';

export const CATEGORY_ICONS: Record<TCourseCategory, LucideIcon> = {
  software: CodeXml,
  data: Brain,
  design: Palette,
  business: Briefcase,
  marketing: Megaphone,
  finance: Landmark,
  agriculture: Sprout,
  languages: Languages,
  personal_development: Sparkles,
  health: HeartPulse,
};

const GRADIENTS = [
  'from-indigo-500 via-violet-500 to-fuchsia-500',
  'from-emerald-500 via-teal-500 to-cyan-600',
  'from-amber-400 via-orange-500 to-rose-500',
  'from-sky-500 via-blue-600 to-indigo-700',
  'from-pink-500 via-rose-500 to-red-500',
  'from-lime-500 via-green-600 to-emerald-700',
  'from-cyan-500 via-sky-600 to-violet-600',
  'from-fuchsia-500 via-purple-600 to-indigo-700',
];

/** The same course always gets the same colours. */
function gradientFor(id: string): string {
  let hash = 0;
  for (const ch of id) hash = (hash * 31 + ch.charCodeAt(0)) >>> 0;
  return GRADIENTS[hash % GRADIENTS.length]!;
}

/**
 * How wide a thumbnail shows, for the browser to pick from its srcset: a card in the
 * catalogue's grid (three columns of a 72rem page on desktops, two on tablets, one on phones).
 * The smallest copy at least that wide on the screen's density is the one downloaded.
 */
export const CARD_SIZES = '(min-width: 1024px) 352px, (min-width: 640px) calc(50vw - 34px), calc(100vw - 32px)';
/** The course page's side card: a 20rem column beside the text on desktops. */
export const ASIDE_SIZES = '(min-width: 1024px) 320px, calc(100vw - 32px)';

/** The course image, or a generated gradient with the category's icon when there is none. */
export function CourseThumbnail({
  course,
  className,
  iconClassName,
  sizes = CARD_SIZES,
  eager = false,
}: {
  course: { id: string; thumbnailUrl: string | null; thumbnailSrcset?: string | null; category: TCourseCategory };
  className?: string;
  iconClassName?: string;
  /** The `sizes` of the image: where it shows, if not in a card of the catalogue's grid. */
  sizes?: string;
  /**
   * On screen as the page opens (the largest paint, on a phone): fetched at once and first rather
   * than when layout finds it in view, which Lighthouse counts against the page (decision 086).
   */
  eager?: boolean;
}) {
  const dataSaver = useDataSaver();
  if (course.thumbnailUrl) {
    return (
      <img
        {...imageSources(dataSaver, course.thumbnailUrl, course.thumbnailSrcset, sizes)}
        alt=""
        loading={eager ? 'eager' : 'lazy'}
        fetchPriority={eager ? 'high' : undefined}
        className={cn('aspect-video w-full object-cover', className)}
      />
    );
  }
  const Icon = CATEGORY_ICONS[course.category] ?? Sparkles;
  return (
    <div
      aria-hidden="true"
      className={cn('relative aspect-video w-full overflow-hidden bg-linear-to-br', gradientFor(course.id), className)}
    >
      <div className="absolute -top-1/4 -right-1/6 size-2/3 rounded-full bg-white/15" />
      <div className="absolute -bottom-1/3 -left-1/6 size-1/2 rounded-full bg-black/10" />
      <Icon
        className={cn(
          'absolute top-1/2 left-1/2 size-1/4 -translate-x-1/2 -translate-y-1/2 text-white/90',
          iconClassName,
        )}
        strokeWidth={1.5}
      />
    </div>
  );
}

const STATUS_CLASSES: Record<TCourseStatus, string> = {
  draft: 'bg-zinc-100 text-zinc-700 ring-zinc-300 dark:bg-zinc-800 dark:text-zinc-300 dark:ring-zinc-700',
  in_review: 'bg-amber-50 text-amber-800 ring-amber-300 dark:bg-amber-950/50 dark:text-amber-300 dark:ring-amber-800',
  published:
    'bg-emerald-50 text-emerald-800 ring-emerald-300 dark:bg-emerald-950/50 dark:text-emerald-300 dark:ring-emerald-800',
  rejected: 'bg-red-50 text-red-800 ring-red-300 dark:bg-red-950/50 dark:text-red-300 dark:ring-red-800',
  archived: 'bg-zinc-100 text-zinc-600 ring-zinc-300 dark:bg-zinc-800 dark:text-zinc-400 dark:ring-zinc-700',
};

export function StatusBadge({ status, className }: { status: TCourseStatus; className?: string }) {
  return (
    <span
      data-testid="course-status"
      className={cn(
        'inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset',
        STATUS_CLASSES[status],
        className,
      )}
    >
      {COURSE_STATUS_LABELS[status]}
    </span>
  );
}

/** Five stars filled to the average (to the half), for display only; the words carry the meaning. */
export function RatingStars({ value, className }: { value: number; className?: string }) {
  return (
    <span aria-hidden="true" className={cn('inline-flex items-center gap-0.5', className)}>
      {[1, 2, 3, 4, 5].map((n) => {
        const fill = Math.max(0, Math.min(1, value - n + 1));
        const width = fill >= 0.75 ? 100 : fill >= 0.25 ? 50 : 0;
        return (
          <span key={n} className="relative inline-block size-[1em]">
            <Star
              className="absolute inset-0 size-full text-zinc-300 dark:text-zinc-600"
              fill="currentColor"
              strokeWidth={0}
            />
            <span className="absolute inset-0 overflow-hidden" style={{ width: `${width}%` }}>
              <Star className="size-[1em] text-amber-500" fill="currentColor" strokeWidth={0} />
            </span>
          </span>
        );
      })}
    </span>
  );
}

/** "4.6 ★★★★½ (120)", read as "Rated 4.6 out of 5 by 120 learners"; or "No ratings yet". */
export function Rating({
  average,
  count,
  onDark = false,
  className,
}: {
  average: number | null;
  count: number;
  /** On a dark band (the course hero) in either theme. */
  onDark?: boolean;
  className?: string;
}) {
  const text = ratingText(average);
  const muted = onDark ? 'text-zinc-300' : 'text-zinc-600 dark:text-zinc-400';
  if (text === null || count === 0) {
    return <span className={cn('text-sm', muted, className)}>No ratings yet</span>;
  }
  return (
    <span className={cn('inline-flex items-center gap-1.5 text-sm', className)}>
      <span className="sr-only">
        Rated {text} out of 5 by {count} {count === 1 ? 'learner' : 'learners'}
      </span>
      <span
        aria-hidden="true"
        className={cn('font-semibold', onDark ? 'text-amber-400' : 'text-amber-700 dark:text-amber-400')}
      >
        {text}
      </span>
      <RatingStars value={average ?? 0} />
      <span aria-hidden="true" className={muted}>
        ({formatNumber(count)})
      </span>
    </span>
  );
}

/** A thin bar with its percentage for screen readers. */
export function ProgressBar({ percent, label, className }: { percent: number; label: string; className?: string }) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div
      role="progressbar"
      aria-label={label}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={value}
      className={cn('h-2 overflow-hidden rounded-full bg-zinc-200 dark:bg-zinc-800', className)}
    >
      <div
        className={cn(
          'h-full rounded-full transition-[width] duration-500',
          value === 100 ? 'bg-emerald-500' : 'bg-indigo-600 dark:bg-indigo-400',
        )}
        style={{ width: `${value}%` }}
      />
    </div>
  );
}

/** Why an admin sent the course back (shown to its tutor and to admins). */
export function RejectionNotice({ reason }: { reason: string }) {
  return (
    <Alert tone="error">
      <p className="font-semibold">An admin asked for changes</p>
      <p className="mt-1 whitespace-pre-line">{reason}</p>
    </Alert>
  );
}
