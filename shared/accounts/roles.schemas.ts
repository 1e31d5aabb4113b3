import { z } from 'zod';
import { ZCurrency } from '../money';
import { ZRole, type TRole } from '../roles';
import { ZUpload } from '../uploads/uploads.schemas';

/**
 * docs/product.md "How roles change": the roles a member takes on by themselves from /profile. `mentor` comes only from
 * an approved mentor application, `mentee` from a first subscription, `admin` never from here.
 */
export const SELF_SERVICE_ROLES = [
  'general',
  'student',
  'tutor',
  'employer',
  'talent',
  'job_seeker',
] as const satisfies readonly TRole[];
export type TSelfServiceRole = (typeof SELF_SERVICE_ROLES)[number];
export const isSelfService = (role: TRole): role is TSelfServiceRole =>
  (SELF_SERVICE_ROLES as readonly TRole[]).includes(role);

/** The four cards of the Roles section, in the words. */
export const ROLE_CARDS = [
  { role: 'employer', title: "I'm hiring", description: 'Post jobs and find people for your company.' },
  {
    role: 'tutor',
    title: 'Teach a course',
    description: 'Create courses; an admin reviews each before it is published.',
  },
  {
    role: 'talent',
    title: 'Offer my skills',
    description: 'Show your rate and availability to clients looking for help.',
  },
  {
    role: 'job_seeker',
    title: 'Looking for work',
    description: 'Tell employers you are open to work and share your CV.',
  },
] as const satisfies ReadonlyArray<{ role: TSelfServiceRole; title: string; description: string }>;

export const ZTakeRole = z.object({ role: ZRole, primary: z.boolean().optional() });
export type TTakeRole = z.infer<typeof ZTakeRole>;
export const ZPrimaryRole = z.object({ role: ZRole });

/** A CV is a PDF (checked by its bytes when uploaded) of at most 5 MB. */
export const CV_MAX_BYTES = 5 * 1024 * 1024;

const optionalText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .transform((v) => v || null)
    .nullable();

export const COMPANY_SIZES = ['1-10', '11-50', '51-200', '201-1000', '1000+'] as const;
export const ZCompanySize = z.enum(COMPANY_SIZES, 'Choose a company size');
export const COMPANY_SIZE_LABELS: Record<(typeof COMPANY_SIZES)[number], string> = {
  '1-10': '1 to 10 people',
  '11-50': '11 to 50 people',
  '51-200': '51 to 200 people',
  '201-1000': '201 to 1,000 people',
  '1000+': 'More than 1,000 people',
};

export const ZEmployerInput = z.object({
  companyName: z
    .string()
    .trim()
    .min(2, 'Company name must be at least 2 characters')
    .max(120, 'At most 120 characters'),
  logoUploadId: z.uuid('Upload the logo again').nullable(),
  website: z
    .string()
    .trim()
    .max(300, 'At most 300 characters')
    .refine((v) => v === '' || /^https?:\/\/[^\s.]+\.[^\s]+$/i.test(v), 'Enter a web address starting with https://')
    .transform((v) => v || null)
    .nullable(),
  about: optionalText(2000, 'At most 2,000 characters'),
  sizeBand: ZCompanySize.nullable(),
});
export type TEmployerInput = z.input<typeof ZEmployerInput>;

export const ZEmployerProfile = z.object({
  companyName: z.string(),
  logo: ZUpload.nullable(),
  website: z.string().nullable(),
  about: z.string().nullable(),
  sizeBand: ZCompanySize.nullable(),
  updatedAt: z.string(),
});
export type TEmployerProfile = z.infer<typeof ZEmployerProfile>;

export const AVAILABILITIES = ['available_now', 'available_from', 'not_available'] as const;
export const ZAvailability = z.enum(AVAILABILITIES, 'Choose your availability');
export const AVAILABILITY_LABELS: Record<(typeof AVAILABILITIES)[number], string> = {
  available_now: 'Available now',
  available_from: 'Available from a date',
  not_available: 'Not available',
};

export const ZTalentInput = z
  .object({
    hourlyRateMinor: z
      .number({ error: 'Enter your hourly rate' })
      .int('Enter the rate in whole kobo or cents')
      .min(0, 'The rate cannot be negative')
      .max(100_000_000, 'The rate is too high'),
    currency: ZCurrency,
    availability: ZAvailability,
    availableFrom: z.iso.date('Enter a date').nullable(),
  })
  .refine((v) => v.availability !== 'available_from' || v.availableFrom, {
    path: ['availableFrom'],
    message: 'Enter the date you are available from',
  })
  .transform((v) => ({ ...v, availableFrom: v.availability === 'available_from' ? v.availableFrom : null }));
export type TTalentInput = z.input<typeof ZTalentInput>;

export const ZTalentProfile = z.object({
  hourlyRateMinor: z.number().int(),
  currency: ZCurrency,
  availability: ZAvailability,
  availableFrom: z.string().nullable(),
  updatedAt: z.string(),
});
export type TTalentProfile = z.infer<typeof ZTalentProfile>;

export const ZJobSeekerInput = z.object({
  openToWork: z.boolean(),
  desiredRoles: z
    .array(z.string().trim().min(2, 'Each role needs at least 2 characters').max(80, 'At most 80 characters each'))
    .max(10, 'At most 10 roles'),
  cvUploadId: z.uuid('Upload the CV again').nullable(),
});
export type TJobSeekerInput = z.input<typeof ZJobSeekerInput>;

export const ZJobSeekerProfile = z.object({
  openToWork: z.boolean(),
  desiredRoles: z.array(z.string()),
  cv: ZUpload.nullable(),
  updatedAt: z.string(),
});
export type TJobSeekerProfile = z.infer<typeof ZJobSeekerProfile>;

/**
 * What teaching adds to the member's storage (decision 047): `teachingBytes` once an admin has reviewed their teaching
 * (approved a first course, or made them a mentor), `memberBytes` until then. `granted` says which applies now.
 */
export const ZTeachingStorage = z.object({
  granted: z.boolean(),
  memberBytes: z.number().int(),
  teachingBytes: z.number().int(),
});
export type TTeachingStorage = z.infer<typeof ZTeachingStorage>;

/** GET /api/user/role-details: the details of each self-service role, null until filled in. */
export const ZRoleDetails = z.object({
  employer: ZEmployerProfile.nullable(),
  talent: ZTalentProfile.nullable(),
  jobSeeker: ZJobSeekerProfile.nullable(),
  teachingStorage: ZTeachingStorage,
});
export type TRoleDetails = z.infer<typeof ZRoleDetails>;
