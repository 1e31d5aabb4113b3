// The notifications feature's public surface: the header's bell and the cache a live event updates.
export { NotificationBell } from './components/notification-bell';
export { addNotificationToCache } from './notifications-cache';
export { NotificationPreferences } from './components/notification-preferences';
