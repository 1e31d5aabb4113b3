import { BADGE_MAX } from '#shared/constants';

/** docs/spec.md §2: no badge at 0, the number up to 9, then "9+". */
export function badgeText(count: number | undefined): string | null {
  if (!count || count <= 0) return null;
  return count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
}

/** The bell's accessible name carries the real number, which the badge may cut to 9+. */
export function bellLabel(count: number | undefined): string {
  return count && count > 0 ? `Notifications, ${count} unread` : 'Notifications';
}
