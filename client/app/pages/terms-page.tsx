import { GUARDIAN_CONSENT_UNDER, MINIMUM_AGE, REFUND_WINDOW_DAYS } from '#shared/constants';
import { LegalPage, type LegalSection } from './legal-page';

const SECTIONS: LegalSection[] = [
  {
    heading: 'Who may use the platform',
    body: (
      <>
        <p>
          You must be at least {MINIMUM_AGE} years old to create an account. If you are under {GUARDIAN_CONSENT_UNDER},
          you may use the platform only with the consent of your parent or guardian, who accepts these terms on your
          behalf.
        </p>
        <p>You are responsible for keeping your password safe and for everything done through your account.</p>
      </>
    ),
  },
  {
    heading: 'Your account',
    body: (
      <p>
        Give accurate details when you register and keep them up to date. You must verify your email address before you
        can log in. We may suspend or restrict an account that breaks these terms; a suspended account is told which
        areas are closed and why.
      </p>
    ),
  },
  {
    heading: 'Courses, mentorship, jobs and gigs',
    body: (
      <p>
        Tutors, mentors, employers and clients are responsible for what they offer. We provide the platform that
        connects you and take reasonable care to keep it safe, but we are not a party to the agreements you make with
        other members.
      </p>
    ),
  },
  {
    heading: 'Payments and refunds',
    body: (
      <>
        <p>Prices are shown before you pay. Payments are handled by our payment providers.</p>
        <p>
          You may request a refund within {REFUND_WINDOW_DAYS} days of the event: the purchase of a course, or the start
          of a mentorship subscription period. Requests made later cannot be accepted. Approved refunds go back to the
          original payment method and end the access that was bought.
        </p>
      </>
    ),
  },
  {
    heading: 'Acceptable use',
    body: (
      <p>
        Do not post unlawful, misleading or harmful content, harass other members, infringe anyone&apos;s rights, or try
        to break or misuse the platform. You keep the rights to what you upload and allow us to show it on the platform.
      </p>
    ),
  },
  {
    heading: 'Governing law',
    body: (
      <p>
        These terms are governed by the laws of the Federal Republic of Nigeria, and the courts of Nigeria have
        jurisdiction over any dispute about them.
      </p>
    ),
  },
];

export function TermsPage() {
  return (
    <LegalPage
      title="Terms and Conditions"
      intro={<p>These terms apply whenever you use Build. Learn. Earn. Thrive. Please read them carefully.</p>}
      sections={SECTIONS}
    />
  );
}
