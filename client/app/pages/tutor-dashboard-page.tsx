import { Plus, Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '#client/components/page-header';
import { buttonClasses } from '#client/components/ui/button';
import { useUser } from '#client/features/accounts';
import {
  BecomeTutorCard,
  canTeach,
  GradingSection,
  TutorCourses,
  TutorOverview,
  UnansweredQuestions,
} from '#client/features/courses';
import { RevenueSection } from '#client/features/payments';

/** /courses/tutor: the tutor's figures and courses (courses), and what they earned (payments). */
export function TutorDashboardPage() {
  const { data: user } = useUser();
  if (!canTeach(user)) return <BecomeTutorCard />;
  return (
    <>
      <PageHeader
        title="Tutor dashboard"
        description="Your courses, enrolments, reviews and revenue."
        actions={
          <div className="flex flex-wrap gap-2">
            <Link to="/wallet" className={buttonClasses('outline')}>
              <Wallet aria-hidden="true" className="size-4" />
              Wallet
            </Link>
            <Link to="/courses/create" className={buttonClasses('primary')}>
              <Plus aria-hidden="true" className="size-4" />
              New course
            </Link>
          </div>
        }
      />
      <TutorOverview />
      <GradingSection />
      <UnansweredQuestions />
      <RevenueSection />
      <TutorCourses />
    </>
  );
}
