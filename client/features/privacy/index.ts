// The privacy feature's public surface: the Privacy section of /profile, and the age gate's
// dialog for every button that starts a money step (decision 020).
export { PrivacySection } from './components/privacy-section';
export { MoneyStepDialog, isAgeGateError, useMoneyStep } from './components/money-step-dialog';
