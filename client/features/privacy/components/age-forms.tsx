import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import {
  ZBirthDateInput,
  ZGuardianInput,
  type TBirthDateInput,
  type TGuardianInput,
} from '#shared/privacy/privacy.schemas';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { serverMessage } from '#client/lib/api-client';
import { applyFieldErrors } from '#client/lib/form-errors';
import { useRecordBirthDate, useRequestGuardian } from '../api/age';

const today = () => new Date().toISOString().slice(0, 10);

/** The date of birth, asked once at the first money step. */
export function BirthDateForm() {
  const record = useRecordBirthDate();
  const { register, handleSubmit, setError, formState } = useForm<TBirthDateInput>({
    resolver: zodResolver(ZBirthDateInput),
    defaultValues: { dateOfBirth: '' },
  });
  const onSubmit = handleSubmit((values) =>
    record.mutate(values, { onError: (err) => applyFieldErrors(err, setError, ['dateOfBirth']) }),
  );
  const refusal =
    record.error && !formState.errors.dateOfBirth
      ? (serverMessage(record.error) ?? 'Your date of birth could not be saved. Please try again.')
      : undefined;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Age check" className="mt-4 space-y-4">
      <FormField
        id="date-of-birth"
        label="Date of birth"
        hint="Asked once. Only you and the administrators see it."
        error={formState.errors.dateOfBirth?.message}
      >
        {(c) => (
          <Input
            {...c}
            {...register('dateOfBirth')}
            type="date"
            max={today()}
            min="1900-01-01"
            autoComplete="bday"
            autoFocus
          />
        )}
      </FormField>
      {refusal ? <Alert tone="error">{refusal}</Alert> : null}
      <Button type="submit" className="w-full sm:w-auto" loading={record.isPending} loadingText="Saving…">
        Continue
      </Button>
    </form>
  );
}

/** A parent's or guardian's name and email: they get the consent link. */
export function GuardianForm({ initial, submitText }: { initial?: TGuardianInput; submitText: string }) {
  const ask = useRequestGuardian();
  const { register, handleSubmit, setError, formState } = useForm<TGuardianInput>({
    resolver: zodResolver(ZGuardianInput),
    defaultValues: initial ?? { guardianName: '', guardianEmail: '' },
  });
  const onSubmit = handleSubmit((values) =>
    ask.mutate(values, { onError: (err) => applyFieldErrors(err, setError, ['guardianName', 'guardianEmail']) }),
  );
  const placed = formState.errors.guardianName || formState.errors.guardianEmail;
  const refusal =
    ask.error && !placed ? (serverMessage(ask.error) ?? 'The mail could not be sent. Please try again.') : undefined;
  return (
    <form noValidate onSubmit={onSubmit} aria-label="Parent or guardian" className="mt-4 space-y-4">
      <FormField
        id="guardian-name"
        label="Parent's or guardian's full name"
        error={formState.errors.guardianName?.message}
      >
        {(c) => <Input {...c} {...register('guardianName')} autoComplete="off" />}
      </FormField>
      <FormField
        id="guardian-email"
        label="Parent's or guardian's email"
        error={formState.errors.guardianEmail?.message}
      >
        {(c) => <Input {...c} {...register('guardianEmail')} type="email" autoComplete="off" />}
      </FormField>
      {refusal ? <Alert tone="error">{refusal}</Alert> : null}
      <Button type="submit" className="w-full sm:w-auto" loading={ask.isPending} loadingText="Sending…">
        {submitText}
      </Button>
    </form>
  );
}
