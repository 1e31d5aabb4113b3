import { CircleCheck, FileText, PlayCircle } from 'lucide-react';
import { Link } from 'react-router';
import type { TCourseContent } from '#shared/courses/lessons.schemas';
import { cn } from '#client/lib/cn';
import { formatClock } from '../format';

/** The player's table of contents: sections, lessons, ticks for the completed, the current one marked. */
export function LessonList({
  sections,
  currentId,
  completed,
  pending,
  onNavigate,
}: {
  sections: TCourseContent['sections'];
  currentId: string | undefined;
  completed: ReadonlySet<string>;
  /** Completed by reports still waiting on the device: ticked, in amber, until the server counts them. */
  pending: ReadonlySet<string>;
  onNavigate?: () => void;
}) {
  return (
    <nav aria-label="Lessons" className="space-y-5">
      {sections.map((section, si) => (
        <div key={section.id}>
          <h3 className="mb-1.5 px-2 text-xs font-semibold tracking-wide text-zinc-500 uppercase dark:text-zinc-400">
            Section {si + 1}: {section.title}
          </h3>
          <ol className="space-y-0.5">
            {section.lessons.map((lesson) => {
              const current = lesson.id === currentId;
              const waiting = !completed.has(lesson.id) && pending.has(lesson.id);
              const done = completed.has(lesson.id) || waiting;
              const Icon = done ? CircleCheck : lesson.kind === 'video' ? PlayCircle : FileText;
              return (
                <li key={lesson.id}>
                  <Link
                    to={{ search: `?lesson=${lesson.id}` }}
                    onClick={onNavigate}
                    aria-current={current ? 'true' : undefined}
                    data-testid="player-lesson"
                    data-completed={done || undefined}
                    data-pending={waiting || undefined}
                    className={cn(
                      'flex items-start gap-2.5 rounded-lg px-2 py-2 text-sm transition-colors',
                      current
                        ? 'bg-indigo-50 font-medium text-indigo-900 dark:bg-indigo-950/60 dark:text-indigo-100'
                        : 'text-zinc-700 hover:bg-zinc-100 dark:text-zinc-300 dark:hover:bg-zinc-800',
                    )}
                  >
                    <Icon
                      aria-hidden="true"
                      className={cn(
                        'mt-0.5 size-4 shrink-0',
                        waiting
                          ? 'text-amber-600 dark:text-amber-400'
                          : done
                            ? 'text-emerald-600 dark:text-emerald-400'
                            : 'text-zinc-400',
                      )}
                    />
                    <span className="min-w-0 flex-1">
                      {done ? (
                        <span className="sr-only">
                          {waiting ? 'Completed on this device, not yet synced: ' : 'Completed: '}
                        </span>
                      ) : null}
                      {lesson.title}
                    </span>
                    {lesson.durationSeconds > 0 ? (
                      <span className="shrink-0 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
                        {formatClock(lesson.durationSeconds)}
                      </span>
                    ) : null}
                  </Link>
                </li>
              );
            })}
          </ol>
        </div>
      ))}
    </nav>
  );
}
