import { QueuesPage } from '../../features/admin';
import { ReviewQueueCard } from '../../features/courses';
import { RefundRequestsPanel } from '../../features/payments';

/** The console's queues, with the course review card and the refund decisions as their queues' screens. */
export function AdminQueuesPage() {
  return <QueuesPage panels={{ courses: <ReviewQueueCard />, refunds: <RefundRequestsPanel /> }} />;
}
