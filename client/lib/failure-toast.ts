import { NetworkError, serverMessage } from './api-client';
import type { ToastInput } from './toast';

/** The words of a failed mutation's toast: the server's sentence, or a plain one. */
export function failureToast(title: string, error: Error): ToastInput {
  const description =
    error instanceof NetworkError
      ? 'Could not reach the server. Please check your connection and try again.'
      : (serverMessage(error) ?? error.message);
  return { title, description, variant: 'destructive' };
}
