import type { TSkillRef } from '#shared/skills/skills.schemas';

/** Skills as a list of chips, read-only (a profile, a course page). */
export function SkillChips({ skills, label = 'Skills' }: { skills: TSkillRef[]; label?: string }) {
  if (skills.length === 0) return null;
  return (
    <ul aria-label={label} className="flex flex-wrap gap-2">
      {skills.map((s) => (
        <li
          key={s.slug}
          className="rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-800 dark:bg-indigo-950/60 dark:text-indigo-200"
        >
          {s.name}
        </li>
      ))}
    </ul>
  );
}
