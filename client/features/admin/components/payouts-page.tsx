import { Link } from 'react-router';
import { formatAmount } from '#shared/money';
import type { TPayoutStatus } from '#shared/wallet/payouts.schemas';
import { Button } from '#client/components/ui/button';
import { useAdminPayouts } from '../api/wallet-admin';
import { ConsoleHeading, dateTime, FilterForm, FilterSelect } from './console-bits';
import { ConsoleTable, PagedList, useListSearch } from './console-list';

const FILTERS = ['status'] as const;
const STATUS_LABELS: Record<TPayoutStatus, string> = {
  failed: 'Failed',
  pending: 'Sending',
  processing: 'With the bank',
  paid: 'Paid',
};
const STATUS_ORDER: readonly TPayoutStatus[] = ['failed', 'pending', 'processing', 'paid'];

/**
 * /admin/dashboard/payouts?status=&page=: members' payouts, the failed ones by default, newest
 * first, each with its member (linking to their page), amount, reason and dates. A failed payout's
 * money is already back in the member's available balance; this is where support looks first.
 */
export function PayoutsPage() {
  const { filters, search, setPage } = useListSearch(FILTERS);
  const query = useAdminPayouts(search);
  const status = (filters.status as TPayoutStatus | undefined) ?? 'failed';

  return (
    <div>
      <ConsoleHeading
        title="Payouts"
        description="Withdrawals to members' banks. A failed payout's money went back to the member's available balance, with the reason they were told."
      />
      <FilterForm filters={FILTERS} className="flex flex-wrap items-end gap-3">
        <FilterSelect
          id="payouts-status"
          name="status"
          label="Status"
          value={filters.status}
          options={STATUS_ORDER}
          labels={STATUS_LABELS}
        />
        <Button type="submit" variant="outline">
          Show
        </Button>
      </FilterForm>
      <PagedList query={query} label="the payouts" onPage={setPage} className="overflow-x-auto">
        {(data) => (
          <ConsoleTable
            minWidth="min-w-[44rem]"
            alignTop
            columns={['Member', 'Amount', status === 'failed' ? 'Reason' : 'Bank account', 'Asked', 'Settled']}
            items={data.payouts}
            empty={
              status === 'failed' ? 'No payout has failed.' : `No payout is ${STATUS_LABELS[status].toLowerCase()}.`
            }
            row={(p) => (
              <tr key={p.id} data-testid="admin-payout">
                <td className="px-4 py-3">
                  <Link
                    to={`/admin/dashboard/members/${p.member.id}`}
                    className="font-medium text-indigo-700 hover:underline dark:text-indigo-300"
                  >
                    {p.member.fullName}
                  </Link>
                  <span className="block text-xs text-zinc-600 dark:text-zinc-400">@{p.member.username}</span>
                </td>
                <td className="px-4 py-3 tabular-nums whitespace-nowrap">
                  {formatAmount(p.amountMinor)}
                  <span className="block text-xs text-zinc-600 dark:text-zinc-400">fee {formatAmount(p.feeMinor)}</span>
                </td>
                <td className="min-w-48 px-4 py-3">
                  {status === 'failed' ? (
                    (p.failureReason ?? '—')
                  ) : (
                    <>
                      {p.accountName} · …{p.accountNumberLast4}
                    </>
                  )}
                </td>
                <td className="px-4 py-3 whitespace-nowrap">{dateTime(p.createdAt)}</td>
                <td className="px-4 py-3 whitespace-nowrap">{p.settledAt ? dateTime(p.settledAt) : '—'}</td>
              </tr>
            )}
          />
        )}
      </PagedList>
    </div>
  );
}
