/** The notification bell's place in the header; the notifications work fills it. */
export function NotificationBellSlot() {
  return null;
}
