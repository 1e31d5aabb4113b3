import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/**
 * Puts the server's per-field messages (400 `fields`) under the matching inputs.
 * Returns true when at least one field message was placed.
 */
export function applyFieldErrors<T extends FieldValues>(
  err: unknown,
  setError: UseFormSetError<T>,
  fieldNames: readonly Path<T>[],
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
