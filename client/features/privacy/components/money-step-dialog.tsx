import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState } from 'react';
import {
  AGE_GATE_CODES,
  GUARDIAN_NEEDED_MESSAGE,
  UNDER_AGE_MESSAGE,
  type TAgeGateCode,
  type TAgeStatus,
} from '#shared/privacy/privacy.schemas';
import { Alert } from '#client/components/ui/alert';
import { Button } from '#client/components/ui/button';
import { PageSpinner } from '#client/components/ui/spinner';
import { useReturnFocus } from '#client/components/ui/use-return-focus';
import { ApiError, serverMessage } from '#client/lib/api-client';
import { formatDate } from '#client/lib/format-date';
import { useAgeStatus, useRequestGuardian } from '../api/age';
import { BirthDateForm, GuardianForm } from './age-forms';

/** Whether a refused money step is the age gate's to answer (decision 020). */
export function isAgeGateError(error: unknown): boolean {
  return error instanceof ApiError && AGE_GATE_CODES.includes(error.body?.code as TAgeGateCode);
}

function Waiting({ status }: { status: TAgeStatus }) {
  const [changing, setChanging] = useState(false);
  const resend = useRequestGuardian();
  const guardian = status.guardian!;
  return (
    <div className="mt-4 space-y-4">
      <Alert tone="info">
        <p className="font-medium">Waiting for your parent or guardian</p>
        <p className="mt-1 [overflow-wrap:anywhere]">
          We mailed {guardian.name} at {guardian.email} on {formatDate(guardian.requestedAt)}. Once they consent, you
          can continue: this window updates by itself.
        </p>
      </Alert>
      {resend.isSuccess ? <p className="text-sm text-zinc-600 dark:text-zinc-400">Sent again.</p> : null}
      {resend.error ? (
        <Alert tone="error">{serverMessage(resend.error) ?? 'The mail could not be sent. Please try again.'}</Alert>
      ) : null}
      {changing ? (
        <GuardianForm submitText="Send to this address" />
      ) : (
        <div className="flex flex-col gap-2 sm:flex-row">
          <Button
            variant="secondary"
            loading={resend.isPending}
            loadingText="Sending…"
            onClick={() => resend.mutate({ guardianName: guardian.name, guardianEmail: guardian.email })}
          >
            Resend the mail
          </Button>
          <Button variant="outline" onClick={() => setChanging(true)}>
            Change guardian
          </Button>
        </div>
      )}
    </div>
  );
}

function Step({ status, onAllowed }: { status: TAgeStatus; onAllowed: () => void }) {
  switch (status.state) {
    case 'needs_birth_date':
      return (
        <>
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">
            Paying and selling have a minimum age, so we ask your date of birth once.
          </p>
          <BirthDateForm />
        </>
      );
    case 'under_age':
      return (
        <Alert tone="error" className="mt-4">
          {UNDER_AGE_MESSAGE} Everything free stays open to you.
        </Alert>
      );
    case 'needs_guardian':
      return (
        <>
          <p className="mt-2 text-sm text-zinc-600 dark:text-zinc-400">{GUARDIAN_NEEDED_MESSAGE}</p>
          <GuardianForm submitText="Send the consent link" />
        </>
      );
    case 'waiting':
      return <Waiting status={status} />;
    case 'allowed':
      return (
        <div className="mt-4 space-y-4">
          <Alert tone="success">
            {status.guardian?.consentedAt ? `${status.guardian.name} gave their consent.` : 'You may pay and sell.'}
          </Alert>
          <Button className="w-full sm:w-auto" onClick={onAllowed} autoFocus>
            Continue
          </Button>
        </div>
      );
  }
}

/**
 * The age gate's questions, opened when a money step answers one of its codes: the date of birth,
 * then (16 or 17) the guardian's name and email and the wait for their consent. `onAllowed`
 * retries the step once the member may go on.
 */
export function MoneyStepDialog({
  open,
  onOpenChange,
  onAllowed,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onAllowed: () => void;
}) {
  const returnFocus = useReturnFocus(open);
  const status = useAgeStatus(open);
  const allowed = () => {
    onOpenChange(false);
    onAllowed();
  };
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-zinc-950/50 backdrop-blur-[2px]" />
        <Dialog.Content
          onCloseAutoFocus={returnFocus}
          aria-describedby={undefined}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl border border-zinc-200 bg-white p-6 shadow-xl focus:outline-none dark:border-zinc-800 dark:bg-zinc-900"
        >
          <Dialog.Title className="text-lg font-semibold tracking-tight">Before you pay or sell</Dialog.Title>
          {status.data ? (
            <Step status={status.data} onAllowed={allowed} />
          ) : (
            <PageSpinner label="Loading…" className="min-h-32" />
          )}
          <div className="mt-6 flex justify-end">
            <Dialog.Close asChild>
              <Button variant="ghost">Close</Button>
            </Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/**
 * For a money step's button: `catches(error, retry)` opens the dialog on the gate's codes and
 * keeps `retry` for when the member may go on; `dialog` goes in the tree.
 */
export function useMoneyStep() {
  const [open, setOpen] = useState(false);
  const retry = useRef<() => void>(undefined);
  return {
    catches(error: unknown, again: () => void): boolean {
      if (!isAgeGateError(error)) return false;
      retry.current = again;
      setOpen(true);
      return true;
    },
    dialog: <MoneyStepDialog open={open} onOpenChange={setOpen} onAllowed={() => retry.current?.()} />,
  };
}
