const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * docs/spec.md §9: under 1 h "Just now"; under 24 h "Nh ago"; then "Yesterday";
 * under 7 days "Nd ago"; otherwise the date.
 */
export function timeLabel(at: Date | string, now: Date = new Date()): string {
  const then = typeof at === 'string' ? new Date(at) : at;
  const elapsed = now.getTime() - then.getTime();
  if (elapsed < HOUR) return 'Just now';
  if (elapsed < DAY) return `${Math.floor(elapsed / HOUR)}h ago`;
  if (elapsed < 2 * DAY) return 'Yesterday';
  if (elapsed < 7 * DAY) return `${Math.floor(elapsed / DAY)}d ago`;
  return then.toLocaleDateString('en-NG', { year: 'numeric', month: 'short', day: 'numeric' });
}
