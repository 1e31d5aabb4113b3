// The admin feature's public surface: the broadcast tools the admin dashboard composes.
export { BroadcastForm } from './components/broadcast-form';
export { RecentBroadcasts } from './components/recent-broadcasts';
