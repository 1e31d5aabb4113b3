import { useState } from 'react';
import { formatAmount } from '#shared/money';
import { Card, CardContent, CardHeader } from '#client/components/ui/card';
import { WalletEntryList } from '#client/features/wallet';
import { useMemberWallet } from '../api/wallet-admin';
import { Pager, QueryState } from './console-bits';

/** The member's wallet on their console page: the four balances and their lines, newest first, paged. */
export function MemberWallet({ memberId }: { memberId: string }) {
  const [page, setPage] = useState(1);
  const { data, isPending, isError, refetch } = useMemberWallet(memberId, page);
  const w = data?.wallet;
  const balances = w
    ? [
        ['Available', w.availableMinor],
        ['Pending', w.pendingMinor],
        ['In escrow', w.heldMinor],
        ['Paid out', w.paidOutMinor],
        ['Owed', w.owedMinor],
      ]
    : [];

  return (
    <Card className="xl:col-span-2">
      <CardHeader>
        <h2 className="text-base font-semibold">Wallet</h2>
      </CardHeader>
      <CardContent className="space-y-4">
        {data ? (
          <>
            <dl aria-label="Wallet balances" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
              {balances.map(([label, minor]) => (
                <div key={label} className="rounded-lg border border-zinc-200 px-3 py-2 dark:border-zinc-800">
                  <dt className="text-xs text-zinc-600 dark:text-zinc-400">{label}</dt>
                  <dd className="text-lg font-semibold tabular-nums">{formatAmount(Number(minor))}</dd>
                </div>
              ))}
            </dl>
            {data.entries.length === 0 ? (
              <p className="text-sm text-zinc-600 dark:text-zinc-400">No money has moved in this wallet yet.</p>
            ) : (
              <>
                <WalletEntryList entries={data.entries} label="Wallet lines" />
                <Pager page={data.page} pageSize={data.pageSize} total={data.total} onPage={setPage} />
              </>
            )}
          </>
        ) : (
          <QueryState isPending={isPending} isError={isError} label="the wallet" onRetry={() => void refetch()} />
        )}
      </CardContent>
    </Card>
  );
}
