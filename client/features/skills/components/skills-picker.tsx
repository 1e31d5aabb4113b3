import { Plus, X } from 'lucide-react';
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { MAX_SKILLS, foldSkillText, type TSkillRef } from '#shared/skills/skills.schemas';
import { cn } from '#client/lib/cn';
import { serverMessage } from '#client/lib/api-client';
import { useProposeSkill } from '../api/propose-skill';
import { useSkillSearch } from '../api/search-skills';

interface SkillsPickerProps {
  id: string;
  label: string;
  value: TSkillRef[];
  onChange: (skills: TSkillRef[]) => void;
  /** The form field's name: each chosen skill is a hidden input of that name, its slug the value. */
  name?: string;
  error?: string;
  hint?: string;
  max?: number;
}

type Option = { kind: 'skill'; skill: TSkillRef } | { kind: 'new'; name: string };

/** Waits until typing pauses before asking the server. */
function useSettled(text: string, ms = 150) {
  const [settled, setSettled] = useState(text);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(text), ms);
    return () => clearTimeout(timer);
  }, [text, ms]);
  return settled;
}

/**
 * The skills typeahead (WAI-ARIA combobox with a listbox): type to see matches by name or
 * synonym, arrows to move, Enter to add, Escape to close, Backspace in an empty box removes the
 * last chip. When nothing matches exactly, the last option adds what was typed as a new skill.
 */
export function SkillsPicker({
  id,
  label,
  value,
  onChange,
  name = 'skills',
  error,
  hint,
  max = MAX_SKILLS,
}: SkillsPickerProps) {
  const [text, setText] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const query = useSettled(text.trim());
  const { data: found = [], isFetching } = useSkillSearch(query);
  const propose = useProposeSkill();
  const [proposeError, setProposeError] = useState<string>();
  const inputRef = useRef<HTMLInputElement>(null);
  const listId = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;

  const chosen = new Set(value.map((s) => s.slug));
  const typed = text.trim();
  const options: Option[] =
    typed && query === typed
      ? found.filter((s) => !chosen.has(s.slug)).map((skill) => ({ kind: 'skill' as const, skill }))
      : [];
  const exact = found.some((s) => foldSkillText(s.name) === foldSkillText(typed));
  if (typed.length >= 2 && query === typed && !exact && !isFetching) options.push({ kind: 'new', name: typed });
  const full = value.length >= max;
  const expanded = open && options.length > 0 && !full;
  const activeIndex = Math.min(active, options.length - 1);

  const add = (skill: TSkillRef) => {
    if (!chosen.has(skill.slug) && !full) onChange([...value, skill]);
    setText('');
    setActive(0);
  };

  const choose = async (option: Option) => {
    setProposeError(undefined);
    if (option.kind === 'skill') return add(option.skill);
    try {
      add(await propose.mutateAsync(option.name));
    } catch (err) {
      setProposeError(serverMessage(err) ?? 'Could not add that skill. Please try again.');
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (options.length ? (Math.min(i, options.length - 1) + 1) % options.length : 0));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (options.length ? (Math.min(i, options.length - 1) - 1 + options.length) % options.length : 0));
    } else if (event.key === 'Enter') {
      // Enter in the box never submits the form around it.
      event.preventDefault();
      if (expanded && options[activeIndex]) void choose(options[activeIndex]);
    } else if (event.key === 'Escape') {
      if (expanded) event.preventDefault();
      setOpen(false);
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      onChange(value.slice(0, -1));
    }
  };

  const message = error ?? proposeError;
  const describedBy = [hintId, message ? errorId : undefined].filter(Boolean).join(' ');

  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="text-sm font-medium text-zinc-800 dark:text-zinc-200">
        {label}
      </label>
      <div
        className={cn(
          'relative flex flex-wrap items-center gap-1.5 rounded-lg border bg-white p-1.5 shadow-sm dark:bg-zinc-900',
          'focus-within:border-indigo-600 focus-within:outline-2 focus-within:outline-indigo-600/40',
          message ? 'border-red-600 dark:border-red-400' : 'border-zinc-300 dark:border-zinc-700',
        )}
      >
        <ul aria-label={`Chosen ${label.toLowerCase()}`} className="contents">
          {value.map((skill) => (
            <li
              key={skill.slug}
              className="inline-flex items-center gap-1 rounded-full bg-indigo-50 py-0.5 pr-1 pl-2.5 text-sm text-indigo-800 dark:bg-indigo-950/60 dark:text-indigo-200"
            >
              {skill.name}
              <input type="hidden" name={name} value={skill.slug} />
              <button
                type="button"
                aria-label={`Remove ${skill.name}`}
                onClick={() => {
                  onChange(value.filter((s) => s.slug !== skill.slug));
                  inputRef.current?.focus();
                }}
                className="rounded-full p-0.5 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600 dark:hover:bg-indigo-900"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
        <input
          ref={inputRef}
          id={id}
          type="text"
          role="combobox"
          aria-autocomplete="list"
          aria-expanded={expanded}
          aria-controls={listId}
          aria-activedescendant={expanded ? `${listId}-${activeIndex}` : undefined}
          aria-describedby={describedBy}
          aria-invalid={message ? true : undefined}
          autoComplete="off"
          disabled={full && text === ''}
          placeholder={
            full ? `At most ${max} skills` : value.length ? 'Add another…' : 'Type a skill, e.g. Excel or tailoring'
          }
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(0);
            setProposeError(undefined);
          }}
          onKeyDown={onKeyDown}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          className="h-8 min-w-40 flex-1 bg-transparent px-1.5 text-sm text-zinc-900 outline-none placeholder:text-zinc-500 dark:text-zinc-100 dark:placeholder:text-zinc-400"
        />
        <ul
          id={listId}
          role="listbox"
          aria-label={`${label} suggestions`}
          hidden={!expanded}
          className="absolute top-full right-0 left-0 z-20 mt-1 max-h-72 overflow-auto rounded-lg border border-zinc-200 bg-white py-1 shadow-lg dark:border-zinc-700 dark:bg-zinc-900"
        >
          {options.map((option, i) => (
            <li
              key={option.kind === 'skill' ? option.skill.slug : `new:${option.name}`}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === activeIndex}
              // Chosen on mouse down, before the input's blur closes the list.
              onMouseDown={(e) => {
                e.preventDefault();
                void choose(option);
              }}
              onMouseMove={() => setActive(i)}
              className={cn(
                'flex cursor-pointer items-center gap-2 px-3 py-2 text-sm text-zinc-800 dark:text-zinc-200',
                i === activeIndex && 'bg-indigo-50 dark:bg-indigo-950/60',
              )}
            >
              {option.kind === 'skill' ? (
                option.skill.name
              ) : (
                <>
                  <Plus aria-hidden="true" className="size-4 text-indigo-600 dark:text-indigo-400" />
                  Add “{option.name}” as a new skill
                </>
              )}
            </li>
          ))}
        </ul>
      </div>
      <p id={hintId} className="text-xs text-zinc-600 dark:text-zinc-400">
        {hint ?? `Up to ${max}. Arrow keys to move, Enter to add, Backspace to remove the last one.`}
      </p>
      {message ? (
        <p id={errorId} role="alert" className="text-sm text-red-700 dark:text-red-400">
          {message}
        </p>
      ) : null}
    </div>
  );
}
