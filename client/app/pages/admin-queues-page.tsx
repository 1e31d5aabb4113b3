import { QueuesPage } from '#client/features/admin';
import { ReviewQueueCard } from '#client/features/courses';
import { MentorApplicationsPanel } from '#client/features/mentorship';
import { RefundRequestsPanel } from '#client/features/payments';

/** The console's queues, with the course review card, the refund and the mentor application decisions as their queues' screens. */
export function AdminQueuesPage() {
  return (
    <QueuesPage
      panels={{ courses: <ReviewQueueCard />, refunds: <RefundRequestsPanel />, mentors: <MentorApplicationsPanel /> }}
    />
  );
}
