// Decision 032's screens for the mentorship pages: the integrator re-exports these from the
// feature's public entry (client/features/mentorship/index.ts, decision 031's).
export { AvailabilityEditor } from './components/availability-editor';
export { BookingWidget } from './components/booking-widget';
export { BookingSection } from './components/booking-section';
export { SessionsList } from './components/sessions-list';
export { SessionsWeek } from './components/sessions-week';
