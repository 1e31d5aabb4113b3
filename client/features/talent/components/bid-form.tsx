import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { TCurrency } from '#shared/money';
import { PROPOSAL_MIN, ZBidInput } from '#shared/talent/talent.schemas';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Textarea } from '#client/components/ui/textarea';
import { failureToast } from '#client/lib/failure-toast';
import { applyFieldErrors } from '#client/lib/form-errors';
import { toast } from '#client/lib/toast';
import { useSaveBid } from '../api/gig-mutations';
import { toMinor } from '../format';

const ZBidForm = z.object({
  amount: z
    .string()
    .trim()
    .regex(/^\d{1,7}(\.\d{1,2})?$/, 'Enter an amount, e.g. 25000'),
  deliveryDays: z
    .string()
    .trim()
    .regex(/^\d{1,3}$/, 'Enter the days you need'),
  proposal: z
    .string()
    .trim()
    .min(PROPOSAL_MIN, `Write at least ${PROPOSAL_MIN} characters about how you would do it`)
    .max(5_000),
});
type TBidForm = z.infer<typeof ZBidForm>;

/** A bid: amount (in naira or dollars as typed), days to deliver, and a proposal. */
export function BidForm({ gigId, currency }: { gigId: string; currency: TCurrency }) {
  const save = useSaveBid(gigId);
  const { register, handleSubmit, setError, reset, formState } = useForm<TBidForm>({
    resolver: zodResolver(ZBidForm),
    defaultValues: { amount: '', deliveryDays: '', proposal: '' },
  });
  const { errors } = formState;
  const onSubmit = handleSubmit((v) =>
    save.mutate(
      ZBidInput.parse({ amount: toMinor(v.amount), deliveryDays: Number(v.deliveryDays), proposal: v.proposal }),
      {
        onSuccess: () => {
          toast({ title: 'Your bid is in' });
          reset();
        },
        onError: (err) => {
          if (!applyFieldErrors(err, setError, ['amount', 'deliveryDays', 'proposal']))
            toast(failureToast('Could not place the bid', err));
        },
      },
    ),
  );
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Place a bid" className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField id="bid-amount" label={`Your price (${currency})`} error={errors.amount?.message}>
          {(c) => <Input {...c} {...register('amount')} inputMode="decimal" autoComplete="off" />}
        </FormField>
        <FormField id="bid-days" label="Days to deliver" error={errors.deliveryDays?.message}>
          {(c) => <Input {...c} {...register('deliveryDays')} inputMode="numeric" autoComplete="off" />}
        </FormField>
      </div>
      <FormField
        id="bid-proposal"
        label="Proposal"
        error={errors.proposal?.message}
        hint={`At least ${PROPOSAL_MIN} characters: how you would do it, and work like it you have done.`}
      >
        {(c) => <Textarea {...c} {...register('proposal')} rows={5} />}
      </FormField>
      <Button type="submit" loading={save.isPending}>
        Place bid
      </Button>
    </form>
  );
}
