import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TLogin } from '#shared/auth/auth.schemas';
import { apiPost, NetworkError, serverMessage } from '#client/lib/api-client';
import { toast } from '#client/lib/toast';
import { setSessionUser } from '#client/features/accounts';
import { markSessionStarted } from '../hooks/use-session-keep-alive';

export const login = (credentials: TLogin) => apiPost<TUser>('/api/login', credentials);

/** docs/spec.md §8: an unverified email gets its own sentence; else the server's words. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof Error && error.message.toLowerCase().includes('verify')) {
    return 'Please verify your email before logging in.';
  }
  if (error instanceof NetworkError) return 'Could not reach the server. Please check your connection and try again.';
  return serverMessage(error) ?? 'Invalid credentials';
}

export function useLogin() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (user) => {
      markSessionStarted();
      const { signInNotices, ...sessionUser } = user;
      setSessionUser(client, sessionUser);
      toast({ title: 'Logged in successfully' });
      for (const notice of signInNotices ?? []) toast({ title: notice });
    },
    onError: (error) => {
      toast({ title: 'Login failed', description: loginErrorMessage(error), variant: 'destructive' });
    },
  });
}
