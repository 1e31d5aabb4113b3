// The profiles feature's public surface: the /profile editor section and a person's picture.
export { ProfileSection } from './components/profile-section';
export { Avatar } from './components/avatar';
export { TimeZoneForm } from './components/time-zone-form';
