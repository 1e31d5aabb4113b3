import { GUARDIAN_CONSENT_UNDER, MINIMUM_AGE, REFUND_WINDOW_DAYS } from '#shared/constants';
import { LegalPage, type LegalSection } from './legal-page';

const SECTIONS: LegalSection[] = [
  {
    heading: 'What we collect',
    body: (
      <p>
        The details you give us (name, username, email address, profile information), what you do on the platform
        (courses, applications, bids, messages, sessions) and payment records. We never store your card details; our
        payment providers do.
      </p>
    ),
  },
  {
    heading: 'How we use it',
    body: (
      <p>
        To run your account, keep you signed in securely, deliver the courses, jobs, gigs and mentorship you use, send
        the emails and notifications you ask for, process payments and refund requests (within {REFUND_WINDOW_DAYS} days
        of the event), and keep the platform safe.
      </p>
    ),
  },
  {
    heading: 'Children',
    body: (
      <p>
        The platform is not for anyone under {MINIMUM_AGE}. Members under {GUARDIAN_CONSENT_UNDER} need the consent of a
        parent or guardian, who may contact us to see or delete the young person&apos;s data.
      </p>
    ),
  },
  {
    heading: 'Who sees your data',
    body: (
      <p>
        Other members see your public profile unless it is hidden. People you work with see what they need to (for
        example an employer sees your application). We share data with service providers only to run the platform, and
        with authorities only when the law requires it.
      </p>
    ),
  },
  {
    heading: 'Your rights',
    body: (
      <p>
        You may see, correct, download or delete your data, and object to how we use it. Sessions use a single strictly
        necessary cookie to keep you signed in.
      </p>
    ),
  },
  {
    heading: 'Governing law',
    body: (
      <p>
        This policy is governed by the laws of the Federal Republic of Nigeria, including the Nigeria Data Protection
        Act 2023.
      </p>
    ),
  },
];

export function PrivacyPage() {
  return (
    <LegalPage
      title="Privacy Policy"
      intro={<p>This policy explains what personal data Build. Learn. Earn. Thrive. holds about you and why.</p>}
      sections={SECTIONS}
    />
  );
}
