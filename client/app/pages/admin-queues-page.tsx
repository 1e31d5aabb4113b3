import { QueuesPage } from '../../features/admin';
import { ReviewQueueCard } from '../../features/courses';
import { MentorApplicationsPanel } from '../../features/mentorship';
import { RefundRequestsPanel } from '../../features/payments';

/** The console's queues, with the course review card, the refund and the mentor application decisions as their queues' screens. */
export function AdminQueuesPage() {
  return <QueuesPage panels={{ courses: <ReviewQueueCard />, refunds: <RefundRequestsPanel />, mentors: <MentorApplicationsPanel /> }} />;
}
