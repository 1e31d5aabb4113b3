import { z } from 'zod';
import { ZRole } from '../roles';
import { isTimeZone } from '../time-label';
import { ZSkillRef, ZSkillSlugs } from '../skills/skills.schemas';
import { LANGUAGE_CODES, ZLanguage, ZLocation } from './locations';

export const LINK_KINDS = ['website', 'linkedin', 'github', 'portfolio'] as const;
export type TLinkKind = (typeof LINK_KINDS)[number];
export const LINK_LABELS: Record<TLinkKind, string> = {
  website: 'Website',
  linkedin: 'LinkedIn',
  github: 'GitHub',
  portfolio: 'Portfolio',
};

const HTTP_URL = 'Enter a full web address starting with https://';

/** A web address people may follow: http or https only (never javascript: or data:), at most 300 characters. */
export const ZHttpUrl = z
  .string()
  .trim()
  .max(300, 'At most 300 characters')
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
    } catch {
      return false;
    }
  }, HTTP_URL);

/** Each link optional; an empty string removes it. */
export const ZProfileLinks = z.object({
  website: ZHttpUrl.or(z.literal('')).optional(),
  linkedin: ZHttpUrl.or(z.literal('')).optional(),
  github: ZHttpUrl.or(z.literal('')).optional(),
  portfolio: ZHttpUrl.or(z.literal('')).optional(),
});
export type TProfileLinks = Partial<Record<TLinkKind, string>>;

export const HEADLINE_MAX = 120;
export const BIO_MAX = 5000;

/** PATCH /api/user/profile: any of these; what is left out stays as it is. */
export const ZProfileUpdate = z.object({
  fullName: z
    .string()
    .trim()
    .min(3, 'Full name must be at least 3 characters')
    .max(100, 'At most 100 characters')
    .optional(),
  headline: z.string().trim().max(HEADLINE_MAX, `At most ${HEADLINE_MAX} characters`).optional(),
  bio: z.string().max(BIO_MAX, `At most ${BIO_MAX} characters`).optional(),
  location: ZLocation.nullable().optional(),
  skills: ZSkillSlugs.optional(),
  links: ZProfileLinks.optional(),
  languages: z
    .array(ZLanguage)
    .max(LANGUAGE_CODES.length)
    .refine((codes) => new Set(codes).size === codes.length, 'Each language once')
    .optional(),
  /** The IANA zone times are stated in (notifications, mails, reminders); Intl must know it. */
  timeZone: z.string().refine(isTimeZone, 'Choose a time zone from the list').optional(),
  /** An upload of kind `avatar` (POST /api/uploads?kind=avatar); null removes the picture. */
  avatarUploadId: z.uuid('Upload the picture again').nullable().optional(),
});
export type TProfileUpdate = z.infer<typeof ZProfileUpdate>;

/** GET /api/users/{username}, and the own profile PATCH answers. */
export const ZProfile = z.object({
  id: z.string(),
  /** False while a suspension closes chat to the member: their page shows no "Message" (decision 057). */
  messageable: z.boolean().optional(),
  username: z.string(),
  fullName: z.string(),
  avatarUrl: z.string().nullable(),
  /** The avatar's square copies for an <img srcset>; null for a picture that has none. */
  avatarSrcset: z.string().nullable(),
  headline: z.string(),
  bio: z.string(),
  location: ZLocation.nullable(),
  skills: z.array(ZSkillRef),
  links: z.object({
    website: z.string().optional(),
    linkedin: z.string().optional(),
    github: z.string().optional(),
    portfolio: z.string().optional(),
  }),
  languages: z.array(ZLanguage),
  roles: z.array(ZRole),
  createdAt: z.string(),
});
export type TProfile = z.infer<typeof ZProfile>;

export const ZUsernameParams = z.object({ username: z.string().min(1).max(50) });
