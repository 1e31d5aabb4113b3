import { z } from 'zod';

/** Error codes carried in every error body as `code`, next to the human `error` string. */
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'INVALID_CREDENTIALS',
  'EMAIL_NOT_VERIFIED',
  'FORBIDDEN',
  'CSRF_REJECTED',
  'ACCOUNT_SUSPENDED',
  'NOT_FOUND',
  'USERNAME_TAKEN',
  'EMAIL_TAKEN',
  'CONFLICT',
  'PAYMENT_FAILED',
  'GATEWAY_UNAVAILABLE',
  'TOKEN_INVALID',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'DATE_OF_BIRTH_REQUIRED',
  'GUARDIAN_CONSENT_REQUIRED',
  'UNDER_AGE',
  'CONFIRMATION_REQUIRED',
  'INTERNAL',
] as const;
export type TErrorCode = (typeof ERROR_CODES)[number];

export interface TErrorBody {
  error: string;
  code: TErrorCode;
  /** Per-field messages on validation failures, keyed by the field's name. */
  fields?: Record<string, string>;
  /** A sign-in refused while the account is locked: a one-time link can be mailed instead (decision 049). */
  signInLink?: true;
}

/**
 * The error envelope as a schema, for the API document only (the error handler builds bodies
 * itself): one shared component, `ErrorBody`, that every operation's 4xx answers point to.
 * Loose, since a few answers add keys: `message` and `success` for spec clients, `signInLink` on a
 * locked sign-in (decision 049).
 */
export const ZErrorBody = z
  .looseObject({
    error: z.string().describe('A sentence a person can act on.'),
    code: z.enum(ERROR_CODES),
    fields: z
      .record(z.string(), z.string())
      .optional()
      .describe("Per-field messages on validation failures, keyed by the field's dotted path."),
  })
  .meta({ id: 'ErrorBody' });
