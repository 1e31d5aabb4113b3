import { createBrowserRouter, Navigate, useParams, type RouteObject } from 'react-router';
import { ComingSoon } from '../components/coming-soon';
import { ProfilePage } from '../features/accounts/components/profile-page';
import { SuspendedPage } from '../features/accounts/components/suspended-page';
import { AdminDashboardPage } from '../features/admin/components/admin-dashboard-page';
import { AdminLoginPage } from '../features/auth/components/admin-login-page';
import { AuthPage } from '../features/auth/components/auth-page';
import { CataloguePage } from '../features/courses/components/catalogue-page';
import { CertificatePage } from '../features/courses/components/certificate-page';
import { CourseBuilderPage } from '../features/courses/components/course-builder-page';
import { CourseDetailPage } from '../features/courses/components/course-detail-page';
import { CoursePlayerPage } from '../features/courses/components/course-player-page';
import { CourseReviewPage } from '../features/courses/components/course-review-page';
import { StudentDashboardPage } from '../features/courses/components/student-dashboard-page';
import { TutorDashboardPage } from '../features/courses/components/tutor-dashboard-page';
import { ResetPasswordPage } from '../features/auth/components/reset-password-page';
import { VerifyEmailPage } from '../features/auth/components/verify-email-page';
import { NotificationsPage } from '../features/notifications/components/notifications-page';
import { PaymentCancelPage } from '../features/payments/components/payment-cancel-page';
import { PaymentSuccessPage } from '../features/payments/components/payment-success-page';
import { TestCheckoutPage } from '../features/payments/components/test-checkout-page';
import { HomePage } from './pages/home-page';
import { NotFoundPage } from './pages/not-found-page';
import { PrivacyPage } from './pages/privacy-page';
import { TermsPage } from './pages/terms-page';
import { RequireUser } from './require-user';
import { RootLayout } from './root-layout';

/** Areas later releases build; each keeps its real title until then. */
const COMING_SOON: ReadonlyArray<[path: string, title: string, summary: string]> = [
  ['/jobs', 'Jobs', 'Find your next role.'],
  ['/jobs/seeker', 'Job seeker dashboard', 'Your applications and saved jobs.'],
  ['/jobs/employer', 'Employer dashboard', 'Your job posts and applicants.'],
  ['/employer/dashboard', 'Employer dashboard', 'Your job posts and applicants.'],
  ['/talent', 'Talent', 'Discover skilled people for your next project.'],
  ['/talent/:id', 'Talent profile', 'Portfolio, skills and reviews.'],
  ['/gigs', 'Gigs', 'Paid work you can bid on, and work you can post.'],
  ['/mentorship', 'Mentorship', 'Find a mentor or become one.'],
  ['/mentorship/mentor', 'Find a mentor', 'Browse mentors by expertise and price.'],
  ['/mentorship/mentor/apply', 'Become a mentor', 'Apply to mentor on the platform.'],
  ['/mentorship/mentor-application', 'Become a mentor', 'Apply to mentor on the platform.'],
  ['/mentorship/mentor/:mentorId', 'Mentor profile', 'Plans, experience and availability.'],
  ['/mentor/dashboard', 'Mentor dashboard', 'Your plans, mentees, sessions and earnings.'],
  ['/mentorship/mentee', 'Mentee dashboard', 'Your mentors, subscriptions and sessions.'],
  ['/mentorship/mentee-dashboard', 'Mentee dashboard', 'Your mentors, subscriptions and sessions.'],
  ['/video-call', 'Video call', 'Meet your mentor or mentee face to face.'],
  ['/chat', 'Chat', 'Your conversations.'],
];

/** The spec's payment pages link a course at /courses/{id}; its page lives at course-detail. */
function CourseRedirect() {
  const { courseId = '' } = useParams();
  return <Navigate to={`/courses/course-detail/${encodeURIComponent(courseId)}`} replace />;
}

export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: '/auth', element: <AuthPage /> },
      { path: '/verify-email', element: <VerifyEmailPage /> },
      { path: '/reset-password', element: <ResetPasswordPage /> },
      { path: '/suspended', element: <SuspendedPage /> },
      { path: '/admin', element: <AdminLoginPage /> },
      { path: '/admin/dashboard', element: <AdminDashboardPage /> },
      { path: '/terms', element: <TermsPage /> },
      { path: '/privacy', element: <PrivacyPage /> },
      // Public: whoever holds a certificate's code can confirm it without an account.
      { path: '/certificates/:code', element: <CertificatePage /> },
      {
        element: <RequireUser />,
        children: [
          { path: '/', element: <HomePage /> },
          { path: '/profile', element: <ProfilePage /> },
          { path: '/notifications', element: <NotificationsPage /> },
          { path: '/courses', element: <CataloguePage /> },
          { path: '/courses/student', element: <StudentDashboardPage /> },
          { path: '/courses/tutor', element: <TutorDashboardPage /> },
          { path: '/courses/create', element: <CourseBuilderPage /> },
          { path: '/courses/course-detail/:courseId', element: <CourseDetailPage /> },
          { path: '/courses/course-content/:courseId', element: <CoursePlayerPage /> },
          { path: '/courses/:courseId/learn', element: <CoursePlayerPage /> },
          { path: '/courses/content/:courseId', element: <CourseReviewPage /> },
          // Spec section 2: protected. A buyer whose session ended is sent to log in and brought back, and verification runs then.
          { path: '/courses/:courseId/payment/success', element: <PaymentSuccessPage /> },
          { path: '/courses/:courseId/payment/cancel', element: <PaymentCancelPage /> },
          { path: '/courses/:courseId', element: <CourseRedirect /> },
          { path: '/payments/test-checkout/:reference', element: <TestCheckoutPage /> },
          ...COMING_SOON.map(([path, title, summary]) => ({
            path,
            element: <ComingSoon key={path} title={title} summary={summary} />,
          })),
        ],
      },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
