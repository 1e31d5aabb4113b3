import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import type { DragEvent } from 'react';
import { Button } from '#client/components/ui/button';
import { cn } from '#client/lib/cn';

export interface DragHandleProps {
  draggable: boolean;
  onDragStart: (e: DragEvent<HTMLElement>) => void;
  onDragEnd: () => void;
}

/** The pointer's handle: not a tab stop, since the move buttons beside it do the same by keyboard. */
export function DragHandle({ label, ...props }: DragHandleProps & { label: string }) {
  return (
    <span
      {...props}
      title={label}
      aria-hidden="true"
      data-testid="drag-handle"
      className="flex h-8 w-6 shrink-0 cursor-grab items-center justify-center rounded text-zinc-400 hover:bg-zinc-100 hover:text-zinc-700 active:cursor-grabbing dark:hover:bg-zinc-800 dark:hover:text-zinc-200"
    >
      <GripVertical className="size-4" />
    </span>
  );
}

/** "Move … up" and "Move … down", named after the item, findable again after the move. */
export function MoveButtons({
  id,
  what,
  index,
  total,
  onMove,
}: {
  id: string;
  /** e.g. 'lesson "Intro"' */
  what: string;
  index: number;
  total: number;
  onMove: (delta: -1 | 1) => void;
}) {
  const button = (dir: 'up' | 'down') => {
    const disabled = dir === 'up' ? index === 0 : index === total - 1;
    const Icon = dir === 'up' ? ArrowUp : ArrowDown;
    return (
      <Button
        variant="ghost"
        size="icon"
        className="size-8"
        data-move-id={id}
        data-move-dir={dir}
        disabled={disabled}
        aria-label={`Move ${what} ${dir}`}
        onClick={() => onMove(dir === 'up' ? -1 : 1)}
      >
        <Icon aria-hidden="true" className="size-4" />
      </Button>
    );
  };
  return (
    <>
      {button('up')}
      {button('down')}
    </>
  );
}

/** The line that shows where a dragged item will land. */
export function dropLineClass(line: 'before' | 'after' | null) {
  return cn(
    'relative',
    line &&
      "after:pointer-events-none after:absolute after:inset-x-0 after:h-0.5 after:rounded-full after:bg-indigo-600 after:content-[''] dark:after:bg-indigo-400",
    line === 'before' && 'after:-top-1.5',
    line === 'after' && 'after:-bottom-1.5',
  );
}
