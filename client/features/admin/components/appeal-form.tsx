import { useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Textarea } from '../../../components/ui/textarea';
import { serverMessage } from '../../../lib/api-client';
import { useMyAppeal, useSendAppeal } from '../api/appeals';

const STATUS_TEXT = { open: 'Your appeal is with the team. You will be notified of the decision.', granted: 'Your appeal was granted.', denied: 'Your appeal was not granted.' } as const;

/** The appeal on /suspended: one per suspension, to the admins' appeals queue. */
export function AppealForm() {
  const { data, isPending } = useMyAppeal();
  const send = useSendAppeal();
  const [message, setMessage] = useState('');
  const [error, setError] = useState<string>();

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
  return (
    <form
      aria-label="Appeal"
      className="mt-6 space-y-3 text-left"
      onSubmit={(e) => {
        e.preventDefault();
        if (message.trim().length < 10) return setError('Tell us why, in at least 10 characters');
        setError(undefined);
        send.mutate({ message: message.trim() }, { onError: (err) => setError(serverMessage(err) ?? 'That did not work. Try again.') });
      }}
    >
      <FormField id="appeal-message" label="Appeal this suspension" error={error} hint="Tell the team why the suspension should be lifted.">
        {(control) => <Textarea {...control} name="message" rows={4} maxLength={2000} value={message} onChange={(e) => setMessage(e.target.value)} />}
      </FormField>
      <Button type="submit" className="w-full" loading={send.isPending} loadingText="Sending…">
        Send appeal
      </Button>
    </form>
  );
}
