import { Search } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '#client/components/page-header';
import { buttonClasses } from '#client/components/ui/button';
import { StudentCourses } from '#client/features/courses';
import { PurchasesSection } from '#client/features/payments';

/** /courses/student: what the learner is taking (courses), and what they bought (payments). */
export function StudentDashboardPage() {
  return (
    <>
      <PageHeader
        title="My learning"
        description="Your courses, your progress and your certificates."
        actions={
          <Link to="/courses" className={buttonClasses('outline')}>
            <Search aria-hidden="true" className="size-4" />
            Find a course
          </Link>
        }
      />
      <StudentCourses />
      <PurchasesSection />
    </>
  );
}
