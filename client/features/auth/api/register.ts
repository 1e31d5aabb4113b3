import { useMutation } from '@tanstack/react-query';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TRegister } from '#shared/auth/auth.schemas';
import { ApiError, apiPost, serverMessage } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';

/** Answers 201 with the new user, who is not signed in until the email is verified. */
export const register = (body: TRegister) => apiPost<TUser>('/api/register', body);

export function registerErrorMessage(error: unknown): string {
  if (error instanceof ApiError) return serverMessage(error) ?? 'Could not create account';
  return 'An error occurred during registration';
}

export function useRegister() {
  return useMutation({
    mutationFn: register,
    onSuccess: () => toast({ title: 'Account created successfully' }),
    onError: (error) => {
      toast({ title: 'Registration failed', description: registerErrorMessage(error), variant: 'destructive' });
    },
  });
}
