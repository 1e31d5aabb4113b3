import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import {
  PAYOUT_HOLD_HOURS,
  ZPayoutAccountInput,
  type TPayoutAccount,
  type TPayoutAccountInput,
} from '#shared/wallet/payouts.schemas';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { Select } from '#client/components/ui/select';
import { serverMessage } from '#client/lib/api-client';
import { applyFieldErrors } from '#client/lib/form-errors';
import { toast } from '#client/lib/toast';
import { useBanks, useSavePayoutAccount } from '../api/payouts';

/**
 * The bank account payouts go to: bank and 10-digit NUBAN, confirmed with the password. The
 * server resolves the holder's name with the bank before saving, and says it back. Changing a
 * saved account starts from its bank; the number is typed again (only its last 4 digits are known).
 */
export function PayoutAccountForm({ current, onDone }: { current: TPayoutAccount | null; onDone: () => void }) {
  const banks = useBanks(true);
  const save = useSavePayoutAccount();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors, dirtyFields },
  } = useForm<TPayoutAccountInput>({
    resolver: zodResolver(ZPayoutAccountInput),
    defaultValues: { bankCode: current?.bankCode ?? '', accountNumber: '', password: '' },
  });
  // The banks arrive after the form mounts: the saved bank can be selected only once its option exists.
  const savedBank = current?.bankCode;
  const bankChosen = dirtyFields.bankCode === true;
  useEffect(() => {
    if (!savedBank || !banks.data || bankChosen) return;
    setValue('bankCode', banks.data.some((b) => b.code === savedBank) ? savedBank : '');
  }, [savedBank, banks.data, bankChosen, setValue]);

  const submit = handleSubmit(async (input) => {
    try {
      const saved = await save.mutateAsync(input);
      toast({ title: 'Bank account saved', description: `Payouts go to ${saved.accountName}, ${saved.bankName}.` });
      onDone();
    } catch (err) {
      if (!applyFieldErrors(err, setError, ['bankCode', 'accountNumber', 'password']))
        setError('root', { message: serverMessage(err) ?? 'The account could not be saved. Try again.' });
    }
  });

  return (
    <form onSubmit={submit} noValidate className="space-y-4" aria-label="Payout bank account">
      {current ? (
        <p className="text-sm text-amber-800 dark:text-amber-300">
          To protect you, payouts wait {PAYOUT_HOLD_HOURS} hours after the account is changed, and we email you.
        </p>
      ) : null}
      <FormField id="payout-bank" label="Bank" error={errors.bankCode?.message}>
        {(control) => (
          <Select {...control} {...register('bankCode')} disabled={banks.isPending}>
            <option value="">{banks.isPending ? 'Loading banks…' : 'Choose your bank'}</option>
            {(banks.data ?? []).map((b) => (
              <option key={b.code} value={b.code}>
                {b.name}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField
        id="payout-number"
        label="Account number"
        hint="The 10-digit NUBAN. We check the account holder's name with the bank."
        error={errors.accountNumber?.message}
      >
        {(control) => (
          <Input {...control} {...register('accountNumber')} inputMode="numeric" autoComplete="off" maxLength={10} />
        )}
      </FormField>
      <FormField id="payout-password" label="Your password" error={errors.password?.message}>
        {(control) => <Input {...control} {...register('password')} type="password" autoComplete="current-password" />}
      </FormField>
      {errors.root?.message ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-400">
          {errors.root.message}
        </p>
      ) : null}
      <Button type="submit" loading={save.isPending} loadingText="Checking with the bank…">
        Save bank account
      </Button>
    </form>
  );
}
