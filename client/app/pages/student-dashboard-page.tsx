import { Search } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { buttonClasses } from '../../components/ui/button';
import { StudentCourses } from '../../features/courses';
import { PurchasesSection } from '../../features/payments';

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
