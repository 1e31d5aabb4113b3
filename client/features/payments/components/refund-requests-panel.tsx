import { HandCoins } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { ZRefundStatus, type TAdminRefundRequest, type TRefundStatus } from '#shared/payments/payments.schemas';
import { LoadFailedCard } from '#client/components/load-failed-card';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card';
import { Label } from '#client/components/ui/label';
import { Select } from '#client/components/ui/select';
import { useRefundRequests } from '../api/get-refund-requests';
import { RefundRequestRow } from './refund-request-row';

const STATUS_LABELS: Record<TRefundStatus, string> = { pending: 'Pending', approved: 'Approved', declined: 'Declined' };
const EMPTY: Record<TRefundStatus, string> = {
  pending: 'No refund requests are waiting for a decision.',
  approved: 'No refunds have been approved yet.',
  declined: 'No refund requests have been declined yet.',
};

/** The admin dashboard's refund queue: pending requests first, the decided ones a filter away. */
export function RefundRequestsPanel() {
  const [status, setStatus] = useState<TRefundStatus>('pending');
  const requests = useRefundRequests(status);
  const data = requests.data?.refundRequests;
  const list: TAdminRefundRequest[] = data ?? [];
  const heading = useRef<HTMLHeadingElement>(null);
  const decided = useRef<string | null>(null);

  // A decided request leaves the pending list and takes the focused button with it: keyboard and
  // screen-reader users continue from the panel's heading rather than from the top of the page.
  useEffect(() => {
    if (decided.current && !data?.some((r) => r.id === decided.current && r.status === 'pending')) {
      decided.current = null;
      heading.current?.focus();
    }
  }, [data]);

  return (
    <Card>
      <CardHeader className="flex flex-wrap items-end justify-between gap-3 space-y-0">
        <div className="space-y-1.5">
          <h2
            ref={heading}
            tabIndex={-1}
            className="flex items-center gap-2 text-base font-semibold outline-none focus-visible:ring-2 focus-visible:ring-indigo-500"
          >
            <HandCoins aria-hidden="true" className="size-5 text-indigo-700 dark:text-indigo-300" />
            Refund requests
            {requests.data ? (
              <span className="rounded-full bg-zinc-100 px-2 py-0.5 text-xs font-semibold dark:bg-zinc-800">
                {list.length}
              </span>
            ) : null}
          </h2>
          <CardDescription>
            Approving refunds the payment through its gateway and ends the learner's access. Declining needs a note for
            the learner.
          </CardDescription>
        </div>
        <div className="flex items-center gap-2">
          <Label htmlFor="refund-status">Status</Label>
          <Select
            id="refund-status"
            className="w-36"
            value={status}
            onChange={(e) => setStatus(ZRefundStatus.parse(e.target.value))}
          >
            {ZRefundStatus.options.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
          </Select>
        </div>
      </CardHeader>
      <CardContent>
        {requests.isPending ? (
          <p role="status" className="text-sm text-zinc-600 dark:text-zinc-400">
            Loading refund requests…
          </p>
        ) : requests.isError ? (
          <LoadFailedCard
            variant="inline"
            what="the refund requests"
            retrying={requests.isRefetching}
            onRetry={() => void requests.refetch()}
          />
        ) : list.length === 0 ? (
          <p className="text-sm text-zinc-600 dark:text-zinc-400">{EMPTY[status]}</p>
        ) : (
          <ul
            aria-label={`${STATUS_LABELS[status]} refund requests`}
            className="-my-4 divide-y divide-zinc-200 dark:divide-zinc-800"
          >
            {list.map((r) => (
              <li key={r.id} data-testid="refund-request">
                <RefundRequestRow request={r} onDecided={() => (decided.current = r.id)} />
              </li>
            ))}
          </ul>
        )}
        <p className="mt-4 text-xs text-zinc-600 dark:text-zinc-400">
          Learners see their refund state on their My learning page.
        </p>
      </CardContent>
    </Card>
  );
}
