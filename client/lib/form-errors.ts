import { ApiError } from './api-client';

/**
 * Puts the server's per-field messages (400 `fields`) under the matching inputs: react-hook-form's
 * `setError` or the auth screens' (client/lib/schema-form.ts).
 * Returns true when at least one field message was placed.
 */
export function applyFieldErrors<N extends string>(
  err: unknown,
  setError: (name: N, error: { type: string; message: string }) => void,
  fieldNames: readonly N[],
): boolean {
  const fields = err instanceof ApiError ? err.body?.fields : undefined;
  if (!fields) return false;
  let placed = false;
  for (const name of fieldNames) {
    const message = fields[name];
    if (message) {
      setError(name, { type: 'server', message });
      placed = true;
    }
  }
  return placed;
}
