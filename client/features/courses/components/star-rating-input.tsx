import { Star } from 'lucide-react';
import { useState } from 'react';
import { cn } from '#client/lib/cn';

const WORDS = ['', 'Poor', 'Fair', 'Good', 'Very good', 'Excellent'];

/**
 * 1 to 5 stars as a real radio group: arrow keys move between stars, each star has its name
 * ("4 stars"), and the legend names the group.
 */
export function StarRatingInput({
  name,
  value,
  onChange,
  legend,
  errorId,
}: {
  name: string;
  value: number | undefined;
  onChange: (value: number) => void;
  legend: string;
  errorId?: string;
}) {
  const [hover, setHover] = useState<number | null>(null);
  const shown = hover ?? value ?? 0;
  return (
    <fieldset aria-describedby={errorId}>
      <legend className="mb-1.5 text-sm font-medium text-zinc-800 dark:text-zinc-200">{legend}</legend>
      <div className="flex items-center gap-3">
        <div className="flex" onMouseLeave={() => setHover(null)}>
          {[1, 2, 3, 4, 5].map((n) => (
            <label
              key={n}
              onMouseEnter={() => setHover(n)}
              className="relative cursor-pointer rounded-md p-1 has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-indigo-600 dark:has-[:focus-visible]:outline-indigo-400"
            >
              <input
                type="radio"
                name={name}
                value={n}
                checked={value === n}
                onChange={() => onChange(n)}
                className="absolute inset-0 m-0 size-full cursor-pointer opacity-0"
              />
              <Star
                aria-hidden="true"
                className={cn(
                  'size-7 transition-colors',
                  n <= shown ? 'text-amber-500' : 'text-zinc-300 dark:text-zinc-600',
                )}
                fill="currentColor"
                strokeWidth={0}
              />
              <span className="sr-only">{n === 1 ? '1 star' : `${n} stars`}</span>
            </label>
          ))}
        </div>
        <span aria-hidden="true" className="text-sm font-medium text-zinc-700 dark:text-zinc-300">
          {WORDS[shown]}
        </span>
      </div>
    </fieldset>
  );
}
