import { z } from 'zod';
import { ZSkillRef, ZSkillSlug } from '../skills/skills.schemas';

/**
 * The skills passport (issue 31, decision 071): each skill a member holds, with the evidence the
 * platform derived for it and the level that evidence earns. Nothing here is typed by the member
 * but the skills themselves and which items the public sees.
 */
export const EVIDENCE_KINDS = ['course', 'assessment', 'gig', 'endorsement', 'hire'] as const;
export type TEvidenceKind = (typeof EVIDENCE_KINDS)[number];

/** Weakest first: the order the passport groups skills in is the reverse. */
export const PASSPORT_LEVELS = ['claimed', 'learning', 'proven', 'expert'] as const;
export type TPassportLevel = (typeof PASSPORT_LEVELS)[number];

export const LEVEL_LABELS: Record<TPassportLevel, string> = {
  expert: 'Expert',
  proven: 'Proven',
  learning: 'Learning',
  claimed: 'Claimed',
};

export const EVIDENCE_LABELS: Record<TEvidenceKind, string> = {
  course: 'Course completed',
  assessment: 'Assessment passed',
  gig: 'Gig delivered',
  endorsement: 'Mentor endorsement',
  hire: 'Hired',
};

/**
 * An evidence item's id: its kind, the row it comes from and the skill, so that hiding it is kept
 * across recomputations (`gig:<uuid>:react`).
 */
export const EVIDENCE_ID = /^(course|assessment|gig|endorsement|hire):[0-9a-f-]{36}:[a-z0-9]+(?:-[a-z0-9]+)*$/;

export const ZEvidence = z.object({
  id: z.string(),
  kind: z.enum(EVIDENCE_KINDS),
  title: z.string(),
  /** When it happened (ISO 8601). */
  date: z.string(),
  /** Where it can be seen in the app. */
  url: z.string(),
  /** A line more: the poster's rating, the mentor's sentence. */
  detail: z.string().nullable(),
  /** Only in the owner's own view: whether others see it. */
  hidden: z.boolean().optional(),
});
export type TEvidence = z.infer<typeof ZEvidence>;

export const ZPassportSkill = z.object({
  slug: z.string(),
  name: z.string(),
  level: z.enum(PASSPORT_LEVELS),
  /** Only in the owner's own view: the level others see, from the items not hidden. */
  publicLevel: z.enum(PASSPORT_LEVELS).optional(),
  evidence: z.array(ZEvidence),
});
export type TPassportSkill = z.infer<typeof ZPassportSkill>;

export const ZPassport = z.object({ skills: z.array(ZPassportSkill) });
export type TPassport = z.infer<typeof ZPassport>;

export const ZEvidenceParams = z.object({ id: z.string().max(120).regex(EVIDENCE_ID, 'Not found') });
export const ZEvidenceVisibility = z.object({ hidden: z.boolean() });
export type TEvidenceVisibility = z.infer<typeof ZEvidenceVisibility>;
export const ZEvidenceVisibilityResult = z.object({ id: z.string(), hidden: z.boolean() });

export const ENDORSEMENT_MIN = 20;
export const ENDORSEMENT_MAX = 500;

export const ZEndorsementInput = z.object({
  menteeId: z.uuid('Choose a mentee'),
  skill: ZSkillSlug,
  text: z
    .string()
    .trim()
    .min(ENDORSEMENT_MIN, `Write a sentence of at least ${ENDORSEMENT_MIN} characters about their work`)
    .max(ENDORSEMENT_MAX, `At most ${ENDORSEMENT_MAX} characters`),
});
export type TEndorsementInput = z.infer<typeof ZEndorsementInput>;

export const ZEndorsement = z.object({
  id: z.string(),
  mentorId: z.string(),
  menteeId: z.string(),
  skill: z.object({ slug: z.string(), name: z.string() }),
  text: z.string(),
  createdAt: z.string(),
});
export type TEndorsement = z.infer<typeof ZEndorsement>;

/** What a mentor may endorse a mentee for: the mentor's expertise, less what they already endorsed. */
export const ZEndorsable = z.object({
  sessionsHeld: z.number(),
  sessionsNeeded: z.number(),
  skills: z.array(z.object({ slug: z.string(), name: z.string(), endorsed: z.boolean() })),
});
export type TEndorsable = z.infer<typeof ZEndorsable>;
export const ZEndorsableQuery = z.object({ menteeId: z.uuid('Choose a mentee') });

/** A skill in a list of people (talent cards, applicants, mentors) with its passport level, public items only. */
export const ZLeveledSkill = ZSkillRef.extend({
  level: z.enum(PASSPORT_LEVELS).optional(),
  /** The public evidence in words, where a match cites it: "React: proven — 2 gigs rated 4.9". */
  sentence: z.string().optional(),
});
export type TLeveledSkill = z.infer<typeof ZLeveledSkill>;

const RANK: Record<TPassportLevel, number> = { expert: 0, proven: 1, learning: 2, claimed: 3 };
/** Proven skills first: expert, then proven, then the rest in their own order. */
export function provenFirst<T extends { level?: TPassportLevel }>(skills: T[]): T[] {
  const rank = (s: T) => Math.min(RANK[s.level ?? 'claimed'], 2);
  return skills
    .map((s, i) => [s, i] as const)
    .sort((a, b) => rank(a[0]) - rank(b[0]) || a[1] - b[1])
    .map(([s]) => s);
}
export const isProven = (level?: TPassportLevel) => level === 'proven' || level === 'expert';

/** The levels a list of people filters by (issue 31 item 3): at or above it. */
export const FILTER_LEVELS = ['proven', 'expert'] as const;
export type TFilterLevel = (typeof FILTER_LEVELS)[number];
export const atLeast = (level: TPassportLevel | undefined, floor: TFilterLevel) =>
  floor === 'expert' ? level === 'expert' : isProven(level);

/** `?level=proven&skill=react`: applicants at or above the level in that skill; a skill alone means proven. */
export const ZLevelFilter = z
  .object({ skill: ZSkillSlug.optional(), level: z.enum(FILTER_LEVELS, 'Choose proven or expert').optional() })
  .refine((q) => !q.level || q.skill, { message: 'Choose a skill to filter by level', path: ['skill'] });
export type TLevelFilter = z.infer<typeof ZLevelFilter>;

/** POST /api/passport/skills/{slug}/credential: the Open Badges credential of a proven or expert skill. */
export const ZSkillCredentialParams = z.object({
  slug: z
    .string()
    .max(80)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Not a skill'),
});
export const ZSkillCredential = z.object({ credentialId: z.string(), level: z.enum(PASSPORT_LEVELS) });
export type TSkillCredential = z.infer<typeof ZSkillCredential>;
