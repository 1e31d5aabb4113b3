import { CircleSlash } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '#client/components/ui/button';
import { PaymentResultCard } from './payment-result-card';

/** /courses/{courseId}/payment/cancel (docs/spec.md §2): the buyer left the gateway's page. */
export function PaymentCancelPage() {
  const { courseId = '' } = useParams();
  return (
    <PaymentResultCard
      icon={CircleSlash}
      tone="neutral"
      title="Payment cancelled"
      actions={
        <>
          <Link to={`/courses/${courseId}`} className={buttonClasses('primary', 'lg')}>
            Return to Course
          </Link>
          <Link to="/courses" className={buttonClasses('outline', 'lg')}>
            Explore Other Courses
          </Link>
        </>
      }
    >
      <p className="font-medium text-zinc-900 dark:text-zinc-100">Your payment process was cancelled.</p>
      <p>You have not been charged. You can return to the course and try purchasing again if you wish.</p>
    </PaymentResultCard>
  );
}
