import type { TErrorBody, TErrorCode } from '#shared/errors';

const STATUS: Record<TErrorCode, number> = {
  VALIDATION_FAILED: 400,
  BAD_REQUEST: 400,
  TOKEN_INVALID: 400,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  EMAIL_NOT_VERIFIED: 403,
  FORBIDDEN: 403,
  CSRF_REJECTED: 403,
  ACCOUNT_SUSPENDED: 403,
  NOT_FOUND: 404,
  USERNAME_TAKEN: 409,
  EMAIL_TAKEN: 409,
  CONFLICT: 409,
  /** The gateway says the payment is not (or not this user's, this amount…) paid. */
  PAYMENT_FAILED: 402,
  /** The payment provider did not answer or refused: the caller may try again later. */
  GATEWAY_UNAVAILABLE: 502,
  PAYLOAD_TOO_LARGE: 413,
  UNSUPPORTED_MEDIA_TYPE: 415,
  RATE_LIMITED: 429,
  /** Money steps (privacy/age-gate.ts): the date of birth is asked first, then a guardian's consent under 18. */
  DATE_OF_BIRTH_REQUIRED: 428,
  GUARDIAN_CONSENT_REQUIRED: 428,
  UNDER_AGE: 403,
  /** A destructive admin action needs the admin's password again (decision 027). */
  CONFIRMATION_REQUIRED: 403,
  INTERNAL: 500,
};

/** The one error type: services throw it, the error handler turns it into a body and a status. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: TErrorCode,
    message: string,
    readonly fields?: Record<string, string>,
    /** Extra keys some clients read (the admin login reads `message`; a locked sign-in offers `signInLink`). */
    readonly extra?: Record<string, string | boolean>,
  ) {
    super(message);
    this.status = STATUS[code];
  }

  toBody(): TErrorBody & Record<string, unknown> {
    return { ...this.extra, error: this.message, code: this.code, ...(this.fields ? { fields: this.fields } : {}) };
  }
}
