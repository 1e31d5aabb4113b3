import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { ZAppealInput, type TAppealInput } from '#shared/admin/admin.schemas';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { FormField } from '#client/components/ui/form-field';
import { Textarea } from '#client/components/ui/textarea';
import { serverMessage } from '#client/lib/api-client';
import { useMyAppeal, useSendAppeal } from '../api/appeals';

const STATUS_TEXT = {
  open: 'Your appeal is with the team. You will be notified of the decision.',
  granted: 'Your appeal was granted.',
  denied: 'Your appeal was not granted.',
} as const;

/** The appeal on /suspended: one per suspension, to the admins' appeals queue. */
export function AppealForm() {
  const { data, isPending } = useMyAppeal();
  const send = useSendAppeal();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<TAppealInput>({ resolver: zodResolver(ZAppealInput), defaultValues: { message: '' } });

  if (isPending) return null;
  const appeal = data?.appeal;
  if (appeal) {
    return (
      <Alert tone={appeal.status === 'denied' ? 'error' : 'info'} className="mt-6">
        <p>{STATUS_TEXT[appeal.status]}</p>
        {appeal.decisionNote ? <p className="mt-1">{appeal.decisionNote}</p> : null}
      </Alert>
    );
  }
  // Any refusal (one appeal per suspension, a lifted suspension) is the server's sentence under the field.
  const onSubmit = handleSubmit((values) =>
    send.mutate(values, {
      onError: (err) =>
        setError('message', { type: 'server', message: serverMessage(err) ?? 'That did not work. Try again.' }),
    }),
  );
  return (
    <form noValidate aria-label="Appeal" className="mt-6 space-y-3 text-left" onSubmit={onSubmit}>
      <FormField
        id="appeal-message"
        label="Appeal this suspension"
        error={errors.message?.message}
        hint="Tell the team why the suspension should be lifted."
      >
        {(control) => <Textarea {...control} {...register('message')} rows={4} maxLength={2000} />}
      </FormField>
      <Button type="submit" className="w-full" loading={send.isPending} loadingText="Sending…">
        Send appeal
      </Button>
    </form>
  );
}
