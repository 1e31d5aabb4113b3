// The admin feature's public surface: the console's pieces the app composes, and the appeal form /suspended shows.
export { BroadcastForm } from './components/broadcast-form';
export { RecentBroadcasts } from './components/recent-broadcasts';
export { PasswordConfirmProvider } from './components/password-confirm';
export { QueuesPage } from './components/queues-page';
export { MemberPage } from './components/member-page';
export { AppealForm } from './components/appeal-form';
export { TwoFactorPrompt } from './components/two-factor-prompt';
