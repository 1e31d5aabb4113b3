import { Landmark } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { formatAmount } from '#shared/money';
import { formatDateTime } from '#shared/time-label';
import { PAYOUT_MIN_MINOR, transferFeeMinor, type TPayout } from '#shared/wallet/payouts.schemas';
import { Button } from '#client/components/ui/button';
import { Card } from '#client/components/ui/card';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { serverMessage } from '#client/lib/api-client';
import { cn } from '#client/lib/cn';
import { toast } from '#client/lib/toast';
import { usePayoutAccount, usePayouts, useRequestPayout } from '../api/payouts';
import { PayoutAccountForm } from './payout-account-form';

const STATUS: Record<TPayout['status'], { label: string; className: string }> = {
  pending: { label: 'Sending', className: 'text-amber-800 dark:text-amber-300' },
  processing: { label: 'With the bank', className: 'text-amber-800 dark:text-amber-300' },
  paid: { label: 'Paid', className: 'text-emerald-700 dark:text-emerald-400' },
  failed: { label: 'Failed, returned', className: 'text-red-700 dark:text-red-400' },
};

/** Naira typed by a person ("5,000" or "5000.50") as kobo, or null when it is not an amount. */
function toKobo(text: string): number | null {
  const clean = text.replace(/[₦,\s]/g, '');
  if (!/^\d+(\.\d{1,2})?$/.test(clean)) return null;
  return Math.round(Number(clean) * 100);
}

/** Withdrawals: the bank account they go to, a payout with its fee shown before confirming, and past payouts. */
export function PayoutPanel({ availableMinor }: { availableMinor: number }) {
  const account = usePayoutAccount();
  const payouts = usePayouts();
  const request = useRequestPayout();
  const [editing, setEditing] = useState(false);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [confirming, setConfirming] = useState<number | null>(null);
  const a = account.data;

  const ask = (e: FormEvent) => {
    e.preventDefault();
    const kobo = toKobo(amount);
    if (kobo === null) return setError('Enter an amount in naira, for example 5000');
    if (kobo < PAYOUT_MIN_MINOR) return setError(`The least you can withdraw is ${formatAmount(PAYOUT_MIN_MINOR)}`);
    if (kobo > availableMinor) return setError(`At most ${formatAmount(availableMinor)}, your available balance`);
    setError(undefined);
    setConfirming(kobo);
  };

  const send = async () => {
    if (confirming === null) return;
    try {
      await request.mutateAsync({ amountMinor: confirming });
      toast({ title: 'Payout on its way', description: `${formatAmount(confirming)} is being sent to your bank.` });
      setAmount('');
    } catch (err) {
      setError(serverMessage(err) ?? 'The payout could not be sent. Try again.');
    } finally {
      setConfirming(null);
    }
  };

  return (
    <section aria-labelledby="payouts-heading" className="mt-8">
      <h2 id="payouts-heading" className="mb-3 text-lg font-semibold">
        Withdraw to your bank
      </h2>
      <Card className="space-y-5 p-4">
        {account.isPending ? (
          <div
            role="status"
            aria-label="Loading your bank account"
            className="h-16 animate-pulse rounded-xl bg-zinc-200 dark:bg-zinc-800"
          />
        ) : !a || editing ? (
          <PayoutAccountForm current={a ?? null} onDone={() => setEditing(false)} />
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="flex items-center gap-2 text-sm">
              <Landmark aria-hidden="true" className="size-4 shrink-0" />
              <span>
                <span className="font-medium text-zinc-900 dark:text-white">{a.accountName}</span> · {a.bankName} · …
                {a.accountNumberLast4}
              </span>
            </p>
            <Button variant="outline" onClick={() => setEditing(true)}>
              Change bank account
            </Button>
            {a.payoutsHeldUntil ? (
              <p role="status" className="w-full text-sm text-amber-800 dark:text-amber-300">
                Payouts are on hold until {formatDateTime(a.payoutsHeldUntil)} because the account was just changed.
              </p>
            ) : null}
          </div>
        )}
        {a && !editing ? (
          <form onSubmit={ask} noValidate className="flex flex-wrap items-end gap-3" aria-label="Withdraw">
            <div className="min-w-48 flex-1">
              <FormField
                id="payout-amount"
                label="Amount (₦)"
                hint={`From ${formatAmount(PAYOUT_MIN_MINOR)} up to ${formatAmount(availableMinor)}.`}
                error={error}
              >
                {(control) => (
                  <Input {...control} inputMode="decimal" value={amount} onChange={(e) => setAmount(e.target.value)} />
                )}
              </FormField>
            </div>
            <Button type="button" variant="outline" onClick={() => setAmount(String(availableMinor / 100))}>
              All of it
            </Button>
            <Button type="submit" disabled={availableMinor < PAYOUT_MIN_MINOR}>
              Withdraw
            </Button>
          </form>
        ) : null}
      </Card>
      <ConfirmDialog
        open={confirming !== null}
        onOpenChange={(open) => !open && setConfirming(null)}
        title="Withdraw to your bank?"
        description={
          confirming !== null && a ? (
            <>
              <p>
                {formatAmount(confirming)} to {a.accountName}, {a.bankName} (…{a.accountNumberLast4}).
              </p>
              <p>
                The bank's transfer fee of {formatAmount(transferFeeMinor(confirming))} comes out of it: you receive{' '}
                <strong>{formatAmount(confirming - transferFeeMinor(confirming))}</strong>.
              </p>
            </>
          ) : null
        }
        confirmText="Withdraw"
        onConfirm={() => void send()}
        loading={request.isPending}
        loadingText="Sending…"
      />
      {payouts.data && payouts.data.length > 0 ? (
        <Card className="mt-3">
          <ul aria-label="Your payouts" className="divide-y divide-zinc-200 dark:divide-zinc-800">
            {payouts.data.map((p) => (
              <li key={p.id} data-testid="payout" className="flex flex-wrap justify-between gap-2 p-4 text-sm">
                <span>
                  {formatAmount(p.amountMinor)} · {formatDateTime(p.createdAt)}
                  {p.failureReason ? (
                    <span className="block text-zinc-600 dark:text-zinc-400">{p.failureReason}</span>
                  ) : null}
                </span>
                <span className={cn('font-medium', STATUS[p.status].className)}>{STATUS[p.status].label}</span>
              </li>
            ))}
          </ul>
        </Card>
      ) : null}
    </section>
  );
}
