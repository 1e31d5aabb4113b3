import { useState, type DragEvent } from 'react';

interface DragState {
  id: string;
  /** The insertion point under the pointer: 0 (before the first) to ids.length (after the last). */
  over: number | null;
}

/**
 * Pointer reordering with the browser's own drag and drop: a handle starts the drag, rows of
 * the same list accept it. Each list has its own hook, so a lesson cannot land among sections.
 * Keyboard users have the move buttons; this is the pointer's way to do the same.
 */
export function useDragSort(ids: readonly string[], onDrop: (id: string, to: number) => void) {
  const [drag, setDrag] = useState<DragState | null>(null);

  const handleProps = (id: string) => ({
    draggable: true,
    onDragStart: (e: DragEvent<HTMLElement>) => {
      e.stopPropagation();
      e.dataTransfer.effectAllowed = 'move';
      e.dataTransfer.setData('text/plain', id);
      const row = e.currentTarget.closest('[data-drag-row]');
      if (row instanceof HTMLElement) e.dataTransfer.setDragImage(row, 24, 24);
      setDrag({ id, over: null });
    },
    onDragEnd: () => setDrag(null),
  });

  const rowProps = (index: number) => ({
    'data-drag-row': '',
    onDragOver: (e: DragEvent<HTMLElement>) => {
      if (!drag) return;
      e.preventDefault();
      e.stopPropagation();
      e.dataTransfer.dropEffect = 'move';
      const rect = e.currentTarget.getBoundingClientRect();
      const over = index + (e.clientY > rect.top + rect.height / 2 ? 1 : 0);
      if (over !== drag.over) setDrag({ ...drag, over });
    },
    onDrop: (e: DragEvent<HTMLElement>) => {
      if (!drag) return;
      e.preventDefault();
      e.stopPropagation();
      const from = ids.indexOf(drag.id);
      const insertAt = drag.over ?? from;
      // Taking the item out first shifts every later insertion point up by one.
      const to = insertAt > from ? insertAt - 1 : insertAt;
      setDrag(null);
      if (from >= 0 && to !== from) onDrop(drag.id, to);
    },
  });

  /** Where to draw the drop line for the row at `index`: above it, below it (last row), or nowhere. */
  const dropLine = (index: number): 'before' | 'after' | null => {
    if (!drag || drag.over === null) return null;
    if (drag.over === index) return 'before';
    if (index === ids.length - 1 && drag.over === ids.length) return 'after';
    return null;
  };

  return { draggingId: drag?.id ?? null, handleProps, rowProps, dropLine };
}
