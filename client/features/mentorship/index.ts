// The mentorship feature's public surface: the admins' queue of mentor applications (the screens are lazy routes).
export { MentorApplicationsPanel } from './components/application-queue';
export { MemberReviewsPanel } from './components/member-reviews-panel';
