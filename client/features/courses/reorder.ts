/**
 * Reordering for the builder's sections and lessons: by keyboard (one step up or down) and by
 * pointer (drop at a position). Both answer a new array and leave the input alone, so the old
 * order is still at hand to put back if the server refuses.
 */
export function moveTo<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= items.length) return next;
  const target = Math.max(0, Math.min(items.length - 1, to));
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved as T);
  return next;
}

/** One step up (-1) or down (+1); at either end nothing moves. */
export function moveBy<T>(items: readonly T[], index: number, delta: -1 | 1): T[] {
  const target = index + delta;
  if (target < 0 || target >= items.length) return [...items];
  return moveTo(items, index, target);
}

/** Moves the item with `id` (by `delta`, or to `to`) in a list of things with ids. */
export function moveById<T extends { id: string }>(
  items: readonly T[],
  id: string,
  move: { delta: -1 | 1 } | { to: number },
): T[] {
  const index = items.findIndex((item) => item.id === id);
  if (index < 0) return [...items];
  return 'delta' in move ? moveBy(items, index, move.delta) : moveTo(items, index, move.to);
}

export const sameOrder = (a: readonly { id: string }[], b: readonly { id: string }[]) =>
  a.length === b.length && a.every((item, i) => item.id === b[i]?.id);

/** What the screen reader hears after a move, e.g. "Lesson “Intro” moved to position 2 of 3." */
export function moveAnnouncement(kind: 'Section' | 'Lesson', title: string, position: number, total: number): string {
  return `${kind} “${title}” moved to position ${position} of ${total}.`;
}
