/** A course's length for people: "2h 5m", "45m", "under a minute", "". */
export function formatDuration(seconds: number): string {
  if (seconds <= 0) return '';
  const minutes = Math.round(seconds / 60);
  if (minutes === 0) return 'under a minute';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  if (h === 0) return `${m}m`;
  return m === 0 ? `${h}h` : `${h}h ${m}m`;
}

/** A lesson's length as a player shows it: "4:05", "1:02:30". */
export function formatClock(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const rest = String(s % 60).padStart(2, '0');
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${rest}` : `${m}:${rest}`;
}

export { plural } from '#shared/format';

/** Who may build courses (docs/product.md "Capabilities"): whoever holds tutor or mentor. The server checks it again. */
export { canTeach } from '#shared/roles';

/** "4.6" for an average, or null when nobody has rated yet. */
export const ratingText = (average: number | null) => (average === null ? null : average.toFixed(1));
