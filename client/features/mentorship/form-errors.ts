import type { z } from 'zod';
import { ApiError } from '../../lib/api-client';

/** The first message per field of a failed parse, keyed by the field's top-level name. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? '');
    if (key && !out[key]) out[key] = issue.message;
  }
  return out;
}

/** The server's per-field messages of a 400, if any. */
export function serverFieldErrors(err: unknown): Record<string, string> {
  return err instanceof ApiError ? { ...(err.body?.fields ?? {}) } : {};
}
