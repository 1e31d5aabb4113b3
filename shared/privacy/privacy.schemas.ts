import { z } from 'zod';
import { FULL_NAME_MIN, GUARDIAN_CONSENT_UNDER, MINIMUM_AGE } from '../constants';

/**
 * The terms of docs/spec.md §1, word for word where they are quoted: "minimum age 16; under 18 needs
 * parent or guardian consent". The money steps (checkout, selling) answer these sentences.
 */
export const UNDER_AGE_MESSAGE = `Minimum age ${MINIMUM_AGE}: you must be at least ${MINIMUM_AGE} years old to pay or to sell on this platform.`;
export const GUARDIAN_NEEDED_MESSAGE = `Under ${GUARDIAN_CONSENT_UNDER} needs parent or guardian consent: your parent or guardian must confirm by the link we mail them before you can pay or sell.`;
export const BIRTH_DATE_NEEDED_MESSAGE = 'Enter your date of birth to continue: paying and selling have a minimum age.';

/** The codes the client acts on (a dialog, a waiting notice), next to the `error` sentence. */
export const AGE_GATE_CODES = ['DATE_OF_BIRTH_REQUIRED', 'GUARDIAN_CONSENT_REQUIRED', 'UNDER_AGE'] as const;
export type TAgeGateCode = (typeof AGE_GATE_CODES)[number];

/** yyyy-mm-dd, a real day, not in the future, not before 1900. */
export const ZBirthDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter your date of birth')
  .refine((s) => {
    const d = new Date(`${s}T00:00:00Z`);
    return (
      !Number.isNaN(d.getTime()) && d.toISOString().startsWith(s) && s >= '1900-01-01' && d.getTime() <= Date.now()
    );
  }, 'Enter a real date of birth');

export const ZBirthDateInput = z.object({ dateOfBirth: ZBirthDate });
export type TBirthDateInput = z.infer<typeof ZBirthDateInput>;

export const ZGuardianInput = z.object({
  guardianName: z.string().trim().min(FULL_NAME_MIN, `Full name must be at least ${FULL_NAME_MIN} characters`).max(120),
  guardianEmail: z.string().trim().toLowerCase().email('Please enter a valid email address').max(254),
});
export type TGuardianInput = z.infer<typeof ZGuardianInput>;

/** Where a member stands at the money steps. */
export const ZAgeStatus = z.object({
  /** `needs_birth_date`: not asked yet; `under_age`: refused; `needs_guardian`: 16 or 17 without a request; `waiting`: mailed, not confirmed. */
  state: z.enum(['needs_birth_date', 'under_age', 'needs_guardian', 'waiting', 'allowed']),
  dateOfBirth: z.string().nullable(),
  guardian: z
    .object({ name: z.string(), email: z.string(), requestedAt: z.string(), consentedAt: z.string().nullable() })
    .nullable(),
});
export type TAgeStatus = z.infer<typeof ZAgeStatus>;

export const ZGuardianTokenQuery = z.object({ token: z.string().min(1).max(200) });
export const ZGuardianConsentInput = z.object({
  token: z.string().min(1).max(200),
  confirm: z.literal(true, 'Tick the box to give your consent'),
});

/** What the guardian reads before confirming. */
export const ZGuardianRequest = z.object({
  guardianName: z.string(),
  memberName: z.string(),
  consentedAt: z.string().nullable(),
});
export type TGuardianRequest = z.infer<typeof ZGuardianRequest>;

export const ZDataExport = z.object({
  id: z.string(),
  status: z.enum(['building', 'ready']),
  requestedAt: z.string(),
  /** While ready: the download (owner only) and when it stops working. */
  downloadUrl: z.string().nullable(),
  expiresAt: z.string().nullable(),
});
export type TDataExport = z.infer<typeof ZDataExport>;
export const ZDataExportState = z.object({ export: ZDataExport.nullable() });
export type TDataExportState = z.infer<typeof ZDataExportState>;

export const ZDeleteAccountInput = z.object({ password: z.string().min(1, 'Enter your password').max(200) });
export type TDeleteAccountInput = z.infer<typeof ZDeleteAccountInput>;

export const ZAccountDeletion = z.object({
  /** When the account will be erased; null when no deletion is scheduled. */
  scheduledFor: z.string().nullable(),
  requestedAt: z.string().nullable(),
});
export type TAccountDeletion = z.infer<typeof ZAccountDeletion>;

export const DELETION_GRACE_DAYS = 7;
export const USERNAME_HOLD_DAYS = 90;
export const EXPORT_VALID_HOURS = 24;
export const GUARDIAN_LINK_HOURS = 7 * 24;
