import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type BaseSyntheticEvent,
  type ReactNode,
} from 'react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { CONFIRM_MINUTES, ZConfirmInput } from '#shared/admin/admin.schemas';
import { ConfirmDialog } from '#client/components/ui/confirm-dialog';
import { FormField } from '#client/components/ui/form-field';
import { Input } from '#client/components/ui/input';
import { serverMessage } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { confirmPassword, needsConfirmation } from '../api/confirm-password';

type Ask = () => Promise<boolean>;
type TConfirmInput = z.infer<typeof ZConfirmInput>;
const AskContext = createContext<Ask | null>(null);

class ConfirmationCancelled extends Error {
  override readonly name = 'ConfirmationCancelled';
}

/**
 * Runs an admin request; when the server answers that the password is needed again (a
 * destructive action more than 15 minutes after the last one), asks for it and runs it once more.
 */
export function useConfirmed() {
  const ask = useContext(AskContext);
  return useCallback(
    async <T,>(run: () => Promise<T>): Promise<T> => {
      try {
        return await run();
      } catch (err) {
        if (!needsConfirmation(err) || !ask) throw err;
        if (!(await ask())) throw new ConfirmationCancelled('Cancelled');
        return run();
      }
    },
    [ask],
  );
}

/**
 * The console's password dialog. Requests of other areas' panels (a refund decision) that meet
 * the same answer open it too; they are then tried again by hand.
 */
export function PasswordConfirmProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const pending = useRef<((ok: boolean) => void) | null>(null);
  const client = useQueryClient();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<TConfirmInput>({ resolver: zodResolver(ZConfirmInput), defaultValues: { password: '' } });

  const ask = useCallback<Ask>(() => {
    pending.current?.(false);
    reset();
    setOpen(true);
    return new Promise<boolean>((resolve) => {
      pending.current = resolve;
    });
  }, [reset]);

  useEffect(
    () =>
      client.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'error' && needsConfirmation(event.action.error)) {
          void ask().then((ok) => ok && toast({ title: 'Password confirmed', description: 'Now do it again.' }));
        }
      }),
    [client, ask],
  );

  const finish = (ok: boolean) => {
    setOpen(false);
    pending.current?.(ok);
    pending.current = null;
  };

  // Built per submit: the handler settles the pending question (a ref), which render must not touch.
  const submit = (event?: BaseSyntheticEvent) =>
    handleSubmit(async ({ password }) => {
      try {
        await confirmPassword(password);
        finish(true);
      } catch (err) {
        setError('password', { type: 'server', message: serverMessage(err) ?? 'That did not work. Try again.' });
      }
    })(event);

  return (
    <AskContext.Provider value={ask}>
      {children}
      <ConfirmDialog
        open={open}
        onOpenChange={(next) => (next ? setOpen(true) : finish(false))}
        title="Confirm it is you"
        description={
          <p>
            This action needs your password again: the last time you typed it was more than {CONFIRM_MINUTES} minutes
            ago.
          </p>
        }
        confirmText="Confirm"
        loading={isSubmitting}
        loadingText="Checking…"
        onConfirm={() => void submit()}
      >
        <form noValidate className="mt-4" onSubmit={submit}>
          <FormField id="admin-confirm-password" label="Password" error={errors.password?.message}>
            {(control) => (
              <Input {...control} {...register('password')} type="password" autoComplete="current-password" autoFocus />
            )}
          </FormField>
        </form>
      </ConfirmDialog>
    </AskContext.Provider>
  );
}
