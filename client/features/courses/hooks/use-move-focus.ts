import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * After a keyboard move the list re-renders in its new order; this puts focus back on the moved
 * item's button (or its other button, when it reached an end) and says where it went, through a
 * polite live region the list renders.
 */
export function useMoveFocus(renderKey: unknown) {
  const pending = useRef<{ id: string; dir: 'up' | 'down' } | null>(null);
  const [announcement, setAnnouncement] = useState('');

  useEffect(() => {
    const target = pending.current;
    if (!target) return;
    const find = (dir: string) =>
      [...document.querySelectorAll<HTMLButtonElement>(`[data-move-dir="${dir}"]`)].find(
        (b) => b.dataset.moveId === target.id,
      );
    const button = find(target.dir);
    const other = find(target.dir === 'up' ? 'down' : 'up');
    const focusable = button && !button.disabled ? button : other && !other.disabled ? other : button;
    if (focusable && document.activeElement !== focusable) focusable.focus();
    pending.current = null;
  }, [renderKey]);

  const moved = useCallback((id: string, dir: 'up' | 'down', message: string) => {
    pending.current = { id, dir };
    // The same words twice in a row would not be read again: make them differ invisibly.
    setAnnouncement((previous) => (previous === message ? `${message}\u00a0` : message));
  }, []);

  return { moved, announcement };
}
