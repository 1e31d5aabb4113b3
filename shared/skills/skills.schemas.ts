import { z } from 'zod';

/** A skill as every answer names it: its stable slug and its display name. */
export const ZSkillRef = z.object({ slug: z.string(), name: z.string() });
export type TSkillRef = z.infer<typeof ZSkillRef>;

/** The typeahead answers at most this many skills. */
export const SKILL_SEARCH_LIMIT = 20;

export const ZSkillSearchQuery = z.object({ q: z.string().trim().max(60).optional().default('') });
export const ZSkillList = z.object({ skills: z.array(ZSkillRef) });
export type TSkillList = z.infer<typeof ZSkillList>;

/** A slug as stored: lower-case letters and digits in words joined by single hyphens. */
export const SKILL_SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const ZSkillSlug = z.string().max(60).regex(SKILL_SLUG, 'Choose skills from the list');

/** At most this many skills on one profile, course, job or gig. */
export const MAX_SKILLS = 30;

export const ZSkillSlugs = z
  .array(ZSkillSlug)
  .max(MAX_SKILLS, `Choose at most ${MAX_SKILLS} skills`)
  .refine((slugs) => new Set(slugs).size === slugs.length, 'Each skill once');

/** Letters (any script), digits, spaces and the marks skills are written with (C++, C#, Node.js, UI/UX). */
const SKILL_NAME = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} +#./&'’-]*$/u;

export const ZSkillProposal = z.object({
  name: z
    .string()
    .transform((s) => s.trim().replace(/\s+/g, ' '))
    .pipe(
      z
        .string()
        .min(2, 'A skill name has at least 2 characters')
        .max(50, 'A skill name has at most 50 characters')
        .regex(SKILL_NAME, 'Use letters, digits, spaces and + # . / & - only'),
    ),
});
export type TSkillProposal = z.infer<typeof ZSkillProposal>;

/** Accents off (Yorùbá → yoruba) and lower case, as the server's unaccent(lower(...)) does. */
export function foldSkillText(text: string): string {
  return text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The slug of a proposed name: accents folded, marks that carry meaning spelled out (C++ →
 * c-plus-plus, C# → c-sharp, .NET → dot-net), anything else between words a single hyphen.
 * Empty when nothing is left (the caller refuses it).
 */
export function skillSlug(name: string): string {
  return foldSkillText(name)
    .replace(/\+/g, ' plus ')
    .replace(/#/g, ' sharp ')
    .replace(/&/g, ' and ')
    .replace(/(^|\s)\.(?=[a-z0-9])/g, '$1dot ')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
}
