import { useParams } from 'react-router';
import { DocumentTitle } from '#client/components/document-title';
import { useCourse } from '../api/get-course';
import { CourseOverview } from './course-overview';
import { CourseLoadError, CoursePageSkeleton } from './course-states';

/** /courses/course-detail/{courseId} */
export function CourseDetailPage() {
  const { courseId = '' } = useParams();
  const course = useCourse(courseId);

  if (course.isPending) return <CoursePageSkeleton />;
  if (course.isError) {
    return (
      <CourseLoadError error={course.error} onRetry={() => void course.refetch()} retrying={course.isRefetching} />
    );
  }
  return (
    <>
      <DocumentTitle title={course.data.title} />
      <CourseOverview course={course.data} />
    </>
  );
}
