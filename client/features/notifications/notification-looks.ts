import { CircleCheck, Info, TriangleAlert, type LucideIcon } from 'lucide-react';
import {
  NOTIFICATION_LOOKS,
  type TNotificationLook,
  type TNotificationType,
} from '#shared/notifications/notifications.schemas';

export interface LookStyle {
  look: TNotificationLook;
  icon: LucideIcon;
  /** The round icon badge: tinted background and icon colour, light and dark. */
  badgeClass: string;
}

/** The three looks of docs/spec.md §3: green success, amber warning, blue info. */
export const LOOK_STYLES: Record<TNotificationLook, Omit<LookStyle, 'look'>> = {
  success: {
    icon: CircleCheck,
    badgeClass: 'bg-emerald-100 text-emerald-700 dark:bg-emerald-950/70 dark:text-emerald-300',
  },
  warning: {
    icon: TriangleAlert,
    badgeClass: 'bg-amber-100 text-amber-700 dark:bg-amber-950/70 dark:text-amber-300',
  },
  info: {
    icon: Info,
    badgeClass: 'bg-sky-100 text-sky-700 dark:bg-sky-950/70 dark:text-sky-300',
  },
};

/** The look of a notification type, from the shared table; an unknown type looks like info. */
export function lookOf(type: TNotificationType): LookStyle {
  const look = NOTIFICATION_LOOKS[type] ?? 'info';
  return { look, ...LOOK_STYLES[look] };
}
