import { ChevronDown, FileText, PlayCircle } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { TSyllabusSection } from '#shared/courses/courses.schemas';
import { Button } from '#client/components/ui/button';
import { formatClock, formatDuration, plural } from '../format';

/**
 * Sections and their lessons as an accordion (native <details>: keyboard and screen readers for
 * free). With `playerPath`, lessons open in the player: every one for whoever may learn the course
 * (`openAll`), the preview lessons for anyone else.
 */
export function Syllabus({
  sections,
  playerPath,
  openAll = false,
}: {
  sections: TSyllabusSection[];
  playerPath?: string;
  openAll?: boolean;
}) {
  const [open, setOpen] = useState<Set<string>>(() => new Set(sections.slice(0, 1).map((s) => s.id)));
  const lessons = sections.flatMap((s) => s.lessons);
  const total = lessons.reduce((sum, l) => sum + l.durationSeconds, 0);
  const allOpen = sections.length > 0 && sections.every((s) => open.has(s.id));

  if (sections.length === 0 || lessons.length === 0) {
    return <p className="text-sm text-zinc-600 dark:text-zinc-400">The tutor has not added lessons yet.</p>;
  }

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm text-zinc-600 dark:text-zinc-400">
        <p>
          {plural(sections.length, 'section')} · {plural(lessons.length, 'lesson')}
          {total > 0 ? ` · ${formatDuration(total)} in total` : ''}
        </p>
        <Button variant="link" onClick={() => setOpen(allOpen ? new Set() : new Set(sections.map((s) => s.id)))}>
          {allOpen ? 'Collapse all sections' : 'Expand all sections'}
        </Button>
      </div>
      <div className="divide-y divide-zinc-200 overflow-hidden rounded-2xl border border-zinc-200 bg-white dark:divide-zinc-800 dark:border-zinc-800 dark:bg-zinc-900">
        {sections.map((section) => {
          const length = section.lessons.reduce((sum, l) => sum + l.durationSeconds, 0);
          return (
            <details
              key={section.id}
              open={open.has(section.id)}
              onToggle={(e) => {
                const isOpen = e.currentTarget.open;
                setOpen((prev) => {
                  if (prev.has(section.id) === isOpen) return prev;
                  const next = new Set(prev);
                  if (isOpen) next.add(section.id);
                  else next.delete(section.id);
                  return next;
                });
              }}
              className="group"
            >
              <summary className="flex cursor-pointer list-none items-center gap-3 bg-zinc-50 px-4 py-3.5 hover:bg-zinc-100 dark:bg-zinc-900 dark:hover:bg-zinc-800/70 [&::-webkit-details-marker]:hidden">
                <ChevronDown
                  aria-hidden="true"
                  className="size-4 shrink-0 transition-transform group-open:rotate-180"
                />
                <span className="min-w-0 flex-1 font-semibold">{section.title}</span>
                <span className="shrink-0 text-xs text-zinc-600 dark:text-zinc-400">
                  {plural(section.lessons.length, 'lesson')}
                  {length > 0 ? ` · ${formatDuration(length)}` : ''}
                </span>
              </summary>
              <ul className="divide-y divide-zinc-100 dark:divide-zinc-800/70">
                {section.lessons.map((lesson) => {
                  const Icon = lesson.kind === 'video' ? PlayCircle : FileText;
                  const to =
                    playerPath && (openAll || lesson.preview) ? `${playerPath}?lesson=${lesson.id}` : undefined;
                  return (
                    <li key={lesson.id} className="flex items-center gap-3 px-4 py-3 text-sm">
                      <Icon aria-hidden="true" className="size-4 shrink-0 text-zinc-500 dark:text-zinc-400" />
                      <span className="sr-only">{lesson.kind === 'video' ? 'Video:' : 'Reading:'}</span>
                      {to ? (
                        <Link
                          to={to}
                          className="min-w-0 flex-1 font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                        >
                          {lesson.title}
                        </Link>
                      ) : (
                        <span className="min-w-0 flex-1">{lesson.title}</span>
                      )}
                      {lesson.preview && to && !openAll ? (
                        <Link
                          to={to}
                          aria-label={`Preview ${lesson.title}`}
                          className="shrink-0 rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700 hover:bg-indigo-100 dark:bg-indigo-950/60 dark:text-indigo-300 dark:hover:bg-indigo-900"
                        >
                          Preview
                        </Link>
                      ) : lesson.preview ? (
                        <span className="shrink-0 rounded-full bg-indigo-50 px-2 py-0.5 text-xs font-medium text-indigo-700 dark:bg-indigo-950/60 dark:text-indigo-300">
                          Preview
                        </span>
                      ) : null}
                      {lesson.durationSeconds > 0 ? (
                        <span className="shrink-0 text-xs text-zinc-500 tabular-nums dark:text-zinc-400">
                          {formatClock(lesson.durationSeconds)}
                        </span>
                      ) : null}
                    </li>
                  );
                })}
                {section.lessons.length === 0 ? (
                  <li className="px-4 py-3 text-sm text-zinc-500">No lessons in this section yet.</li>
                ) : null}
              </ul>
            </details>
          );
        })}
      </div>
    </div>
  );
}
