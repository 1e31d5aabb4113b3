import type { ComponentType } from 'react';
import { createBrowserRouter, Navigate, useParams, type RouteObject } from 'react-router';
import { PageSpinner } from '../components/ui/spinner';
import { OpenToVisitors } from './open-to-visitors';
import { PageError } from './page-error';
import { ownDocument } from './own-document';
import { RequireUser } from './require-user';
import { RootLayout } from './root-layout';

/**
 * A screen in its own chunk, fetched when its path is first visited (decision 012). The router
 * waits for it before it leaves the current page, so a navigation never flashes an empty one;
 * only the very first load shows the root's fallback. The shell and the guard stay in the entry:
 * every visit needs them.
 */
function screen<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): RouteObject['lazy'] {
  return async () => ({ Component: pick(await load()) });
}

/** The spec's payment pages link a course at /courses/{id}; its page lives at course-detail. */
function CourseRedirect() {
  const { courseId = '' } = useParams();
  return <Navigate to={`/courses/course-detail/${encodeURIComponent(courseId)}`} replace />;
}

const player = screen(
  () => import('../features/courses/components/course-player-page'),
  (m) => m.CoursePlayerPage,
);
const chat = screen(
  () => import('../features/chat/components/chat-page'),
  (m) => m.ChatPage,
);
const employerDashboard = screen(
  () => import('../features/jobs/components/employer-dashboard-page'),
  (m) => m.EmployerDashboardPage,
);
const mentorApply = screen(
  () => import('../features/mentorship/components/apply-page'),
  (m) => m.ApplyPage,
);
const menteeDashboard = screen(
  () => import('../features/mentorship/components/mentee-dashboard-page'),
  (m) => m.MenteeDashboardPage,
);
const builder = screen(
  () => import('../features/courses/components/course-builder-page'),
  (m) => m.CourseBuilderPage,
);

/** Each area's own error element: a page that fails shows the message inside the shell, header and navigation kept. */
function inShell(areas: RouteObject[]): RouteObject[] {
  return areas.map((area) => ({ ...area, errorElement: <PageError /> }) as RouteObject);
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    // The shell itself failed: the message alone. An area's page failing keeps the shell (below).
    errorElement: <PageError />,
    // Only the first load of a lazy screen shows it (later ones keep the current page meanwhile).
    hydrateFallbackElement: <PageSpinner label="Loading…" />,
    children: inShell([
      {
        path: '/auth',
        lazy: screen(
          () => import('../features/auth/components/auth-page'),
          (m) => m.AuthPage,
        ),
      },
      {
        path: '/verify-email',
        lazy: screen(
          () => import('../features/auth/components/verify-email-page'),
          (m) => m.VerifyEmailPage,
        ),
      },
      {
        path: '/reset-password',
        lazy: screen(
          () => import('../features/auth/components/reset-password-page'),
          (m) => m.ResetPasswordPage,
        ),
      },
      {
        path: '/sign-in-link',
        lazy: screen(
          () => import('../features/auth/components/sign-in-link-page'),
          (m) => m.SignInLinkPage,
        ),
      },
      {
        path: '/suspended',
        lazy: screen(
          () => import('../features/accounts/components/suspended-page'),
          (m) => m.SuspendedPage,
        ),
      },
      {
        path: '/admin',
        lazy: screen(
          () => import('../features/auth/components/admin-login-page'),
          (m) => m.AdminLoginPage,
        ),
      },
      {
        path: '/admin/invitation',
        lazy: screen(
          () => import('../features/admin/components/admin-invitation-page'),
          (m) => m.AdminInvitationPage,
        ),
      },
      {
        path: '/admin/dashboard',
        lazy: screen(
          () => import('./pages/admin-dashboard-page'),
          (m) => m.AdminDashboardPage,
        ),
        children: [
          {
            index: true,
            lazy: screen(
              () => import('../features/admin/components/overview-page'),
              (m) => m.OverviewPage,
            ),
          },
          {
            path: 'members',
            lazy: screen(
              () => import('../features/admin/components/members-page'),
              (m) => m.MembersPage,
            ),
          },
          {
            path: 'members/:id',
            lazy: screen(
              () => import('./pages/admin-member-page'),
              (m) => m.AdminMemberPage,
            ),
          },
          {
            path: 'jobs',
            lazy: screen(
              () => import('../features/admin/components/jobs-page'),
              (m) => m.JobsPage,
            ),
          },
          {
            path: 'queues',
            lazy: screen(
              () => import('./pages/admin-queues-page'),
              (m) => m.AdminQueuesPage,
            ),
          },
          {
            path: 'queues/:kind',
            lazy: screen(
              () => import('./pages/admin-queues-page'),
              (m) => m.AdminQueuesPage,
            ),
          },
          {
            path: 'payouts',
            lazy: screen(
              () => import('../features/admin/components/payouts-page'),
              (m) => m.PayoutsPage,
            ),
          },
          {
            path: 'broadcasts',
            lazy: screen(
              () => import('../features/admin/components/broadcasts-page'),
              (m) => m.BroadcastsPage,
            ),
          },
          {
            path: 'audit',
            lazy: screen(
              () => import('../features/admin/components/audit-page'),
              (m) => m.AuditPage,
            ),
          },
          {
            path: 'security',
            lazy: screen(
              () => import('../features/admin/components/security-page'),
              (m) => m.SecurityPage,
            ),
          },
        ],
      },
      {
        path: '/terms',
        lazy: screen(
          () => import('./pages/terms-page'),
          (m) => m.TermsPage,
        ),
      },
      {
        path: '/privacy',
        lazy: screen(
          () => import('./pages/privacy-page'),
          (m) => m.PrivacyPage,
        ),
      },
      // Public: the link mailed to a new address may be opened on a device that is not signed in.
      {
        path: '/confirm-email',
        lazy: screen(
          () => import('../features/accounts/components/confirm-email-page'),
          (m) => m.ConfirmEmailPage,
        ),
      },
      {
        path: '/guardian-consent',
        lazy: screen(
          () => import('../features/privacy/components/guardian-consent-page'),
          (m) => m.GuardianConsentPage,
        ),
      },
      // Public: whoever holds a certificate's code can confirm it without an account.
      {
        path: '/certificates/:code',
        lazy: screen(
          () => import('../features/courses/components/certificate-page'),
          (m) => m.CertificatePage,
        ),
      },
      // Public: an employer checks a credential's signature here without an account (decision 073).
      {
        path: '/credentials/:id',
        lazy: screen(
          () => import('../features/credentials/components/credential-page'),
          (m) => m.CredentialPage,
        ),
      },
      // Public: a job shared on WhatsApp or LinkedIn opens for a visitor, with "Sign in to apply" (decision 055).
      {
        element: <OpenToVisitors />,
        children: [
          {
            path: '/jobs/:jobId',
            lazy: screen(
              () => import('../features/jobs/components/job-detail-page'),
              (m) => m.JobDetailPage,
            ),
          },
        ],
      },
      {
        element: <RequireUser />,
        children: [
          {
            path: '/',
            lazy: screen(
              () => import('./pages/home-page'),
              (m) => m.HomePage,
            ),
          },
          {
            path: '/consent',
            lazy: screen(
              () => import('./pages/consent-page'),
              (m) => m.ConsentPage,
            ),
          },
          {
            path: '/profile',
            lazy: screen(
              () => import('../features/accounts/components/profile-page'),
              (m) => m.ProfilePage,
            ),
          },
          {
            path: '/u/:username',
            lazy: screen(
              () => import('../features/profiles/components/public-profile-page'),
              (m) => m.PublicProfilePage,
            ),
          },
          {
            path: '/video-call',
            loader: ownDocument,
            lazy: screen(
              () => import('../features/calls/components/video-call-page'),
              (m) => m.VideoCallPage,
            ),
          },
          {
            path: '/wallet',
            lazy: screen(
              () => import('../features/wallet/components/wallet-page'),
              (m) => m.WalletPage,
            ),
          },
          {
            path: '/notifications',
            lazy: screen(
              () => import('../features/notifications/components/notifications-page'),
              (m) => m.NotificationsPage,
            ),
          },
          {
            path: '/courses',
            lazy: screen(
              () => import('../features/courses/components/catalogue-page'),
              (m) => m.CataloguePage,
            ),
          },
          {
            path: '/courses/student',
            lazy: screen(
              () => import('./pages/student-dashboard-page'),
              (m) => m.StudentDashboardPage,
            ),
          },
          {
            path: '/courses/tutor',
            lazy: screen(
              () => import('./pages/tutor-dashboard-page'),
              (m) => m.TutorDashboardPage,
            ),
          },
          { path: '/courses/create', lazy: builder },
          {
            path: '/courses/course-detail/:courseId',
            lazy: screen(
              () => import('../features/courses/components/course-detail-page'),
              (m) => m.CourseDetailPage,
            ),
          },
          { path: '/courses/course-content/:courseId', lazy: player },
          { path: '/courses/:courseId/learn', lazy: player },
          {
            path: '/courses/content/:courseId',
            lazy: screen(
              () => import('../features/courses/components/course-review-page'),
              (m) => m.CourseReviewPage,
            ),
          },
          // docs/spec.md §2: protected. A buyer whose session ended is sent to log in and brought back, and verification runs then.
          {
            path: '/courses/:courseId/payment/success',
            lazy: screen(
              () => import('../features/payments/components/payment-success-page'),
              (m) => m.PaymentSuccessPage,
            ),
          },
          {
            path: '/courses/:courseId/payment/cancel',
            lazy: screen(
              () => import('../features/payments/components/payment-cancel-page'),
              (m) => m.PaymentCancelPage,
            ),
          },
          { path: '/courses/:courseId', element: <CourseRedirect /> },
          { path: '/chat', lazy: chat },
          { path: '/chat/:conversationId', lazy: chat },
          {
            path: '/jobs',
            lazy: screen(
              () => import('../features/jobs/components/jobs-board-page'),
              (m) => m.JobsBoardPage,
            ),
          },
          {
            path: '/jobs/seeker',
            lazy: screen(
              () => import('../features/jobs/components/seeker-dashboard-page'),
              (m) => m.SeekerDashboardPage,
            ),
          },
          { path: '/jobs/employer', lazy: employerDashboard },
          { path: '/employer/dashboard', lazy: employerDashboard },
          {
            path: '/gigs',
            lazy: screen(
              () => import('../features/talent/components/gigs-page'),
              (m) => m.GigsPage,
            ),
          },
          {
            path: '/gigs/:id',
            lazy: screen(
              () => import('../features/talent/components/gig-page'),
              (m) => m.GigPage,
            ),
          },
          {
            path: '/talent',
            lazy: screen(
              () => import('../features/talent/components/talent-page'),
              (m) => m.TalentPage,
            ),
          },
          {
            path: '/talent/:id',
            lazy: screen(
              () => import('../features/talent/components/talent-profile-page'),
              (m) => m.TalentProfilePage,
            ),
          },
          {
            path: '/mentorship',
            lazy: screen(
              () => import('../features/mentorship/components/mentorship-page'),
              (m) => m.MentorshipPage,
            ),
          },
          {
            path: '/mentorship/mentor',
            lazy: screen(
              () => import('../features/mentorship/components/mentors-page'),
              (m) => m.MentorsPage,
            ),
          },
          { path: '/mentorship/mentor/apply', lazy: mentorApply },
          { path: '/mentorship/mentor-application', lazy: mentorApply },
          {
            path: '/mentorship/mentor/:mentorId',
            lazy: screen(
              () => import('../features/mentorship/components/mentor-profile-page'),
              (m) => m.MentorProfilePage,
            ),
          },
          {
            path: '/mentor/dashboard',
            lazy: screen(
              () => import('../features/mentorship/components/mentor-dashboard-page'),
              (m) => m.MentorDashboardPage,
            ),
          },
          { path: '/mentorship/mentee', lazy: menteeDashboard },
          { path: '/mentorship/mentee-dashboard', lazy: menteeDashboard },
          {
            path: '/payments/test-checkout/:reference',
            lazy: screen(
              () => import('../features/payments/components/test-checkout-page'),
              (m) => m.TestCheckoutPage,
            ),
          },
        ],
      },
      {
        path: '*',
        lazy: screen(
          () => import('./pages/not-found-page'),
          (m) => m.NotFoundPage,
        ),
      },
    ]),
  },
];

export const router = createBrowserRouter(routes);
