import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { formatAmount } from '#shared/money';
import {
  ADJUSTABLE_BUCKETS,
  toAdjustmentInput,
  ZAdjustmentForm,
  type TAdjustmentForm,
  type TAdjustmentFormIn,
  type TAdjustmentInput,
} from '#shared/wallet/wallet-admin.schemas';
import { Button } from '#client/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '#client/components/ui/card';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { FieldError, FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Select } from '#client/components/ui/select';
import { Textarea } from '#client/components/ui/textarea';
import { serverMessage } from '#client/lib/api-client';
import { applyFieldErrors } from '#client/lib/form-errors';
import { toast } from '#client/lib/toast';
import { BUCKET_LABELS } from '#client/features/wallet';
import { useAdjustWallet } from '../api/wallet-admin';

const choice = 'flex items-center gap-2 text-sm text-zinc-800 dark:text-zinc-200';
const box = 'size-4 accent-indigo-600';
const EMPTY: TAdjustmentFormIn = { direction: 'credit', naira: '', bucket: 'available', reason: '' };

/**
 * An adjustment to one member's wallet (issue 27, Admin): credit or debit, the balance, the
 * amount in naira and a reason the member reads. A summary to confirm, then the admin's password
 * when it was typed more than 15 minutes ago. One key per adjustment, so a retry posts it once.
 */
export function AdjustmentForm({ memberId, memberName }: { memberId: string; memberName: string }) {
  const adjust = useAdjustWallet(memberId);
  const [key, setKey] = useState(() => crypto.randomUUID());
  const [asking, setAsking] = useState<TAdjustmentInput | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<TAdjustmentFormIn, unknown, TAdjustmentForm>({
    resolver: zodResolver(ZAdjustmentForm),
    defaultValues: EMPTY,
  });

  const review = handleSubmit((form) => {
    setFailure(null);
    setAsking(toAdjustmentInput(form, key));
  });

  const post = () => {
    const input = asking!;
    // The summary closes first: the password dialog, if the server asks for it, opens alone.
    setAsking(null);
    adjust.mutate(input, {
      onSuccess: (done) => {
        toast({
          title: 'Adjustment posted',
          description: `${memberName}’s ${BUCKET_LABELS[done.bucket].toLowerCase()} balance is now ${formatAmount(
            done.bucket === 'available' ? done.wallet.availableMinor : done.wallet.pendingMinor,
          )}.`,
        });
        reset(EMPTY);
        setKey(crypto.randomUUID());
      },
      onError: (err) => {
        if (err.name === 'ConfirmationCancelled') return;
        if (!applyFieldErrors(err, setError, ['bucket', 'reason']))
          setFailure(serverMessage(err) ?? 'The adjustment was not posted. Try again.');
      },
    });
  };

  const amount = asking ? formatAmount(Math.abs(asking.amountMinor)) : '';
  const bucket = asking ? BUCKET_LABELS[asking.bucket].toLowerCase() : '';
  return (
    <Card>
      <CardHeader>
        <h2 className="text-base font-semibold">Adjust the wallet</h2>
        <CardDescription>
          Posted against the platform’s adjustments account, and written to the audit log. A debit cannot take the
          balance below zero.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form noValidate aria-label="Adjust the wallet" className="space-y-4" onSubmit={review}>
          <fieldset>
            <legend className="text-sm font-medium">Credit or debit</legend>
            <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
              <label className={choice}>
                <input type="radio" className={box} value="credit" {...register('direction')} />
                Credit (add to the member)
              </label>
              <label className={choice}>
                <input type="radio" className={box} value="debit" {...register('direction')} />
                Debit (take from the member)
              </label>
            </div>
            {errors.direction?.message ? (
              <FieldError id="adjust-direction-error">{errors.direction.message}</FieldError>
            ) : null}
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-2">
            <FormField id="adjust-amount" label="Amount (₦)" error={errors.naira?.message}>
              {(control) => <Input {...control} {...register('naira')} inputMode="decimal" autoComplete="off" />}
            </FormField>
            <FormField id="adjust-bucket" label="Balance" error={errors.bucket?.message}>
              {(control) => (
                <Select {...control} {...register('bucket')}>
                  {ADJUSTABLE_BUCKETS.map((b) => (
                    <option key={b} value={b}>
                      {BUCKET_LABELS[b]}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          </div>
          <FormField id="adjust-reason" label="Reason (the member reads it)" error={errors.reason?.message}>
            {(control) => <Textarea {...control} {...register('reason')} rows={3} maxLength={500} />}
          </FormField>
          {failure ? (
            <p role="alert" className="text-sm text-red-700 dark:text-red-400">
              {failure}
            </p>
          ) : null}
          <Button type="submit" loading={adjust.isPending} loadingText="Posting…">
            Review adjustment
          </Button>
        </form>
      </CardContent>
      <ConfirmDialog
        open={asking !== null}
        onOpenChange={(open) => (open ? undefined : setAsking(null))}
        title={asking && asking.amountMinor < 0 ? `Debit ${amount}?` : `Credit ${amount}?`}
        description={
          asking ? (
            <>
              <p>
                {asking.amountMinor < 0
                  ? `${amount} will be taken from ${memberName}’s ${bucket} balance.`
                  : `${amount} will be added to ${memberName}’s ${bucket} balance.`}
              </p>
              <p>Reason: {asking.reason}</p>
            </>
          ) : null
        }
        confirmText={asking && asking.amountMinor < 0 ? 'Debit' : 'Credit'}
        confirmVariant={asking && asking.amountMinor < 0 ? 'destructive' : 'primary'}
        onConfirm={post}
      />
    </Card>
  );
}
