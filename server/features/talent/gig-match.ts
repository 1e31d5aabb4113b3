import type { TUser } from '#shared/accounts/accounts.schemas';
import type { TGigMatch } from '#shared/talent/talent.schemas';
import type { GigContext, GigsDeps } from './gig-context';
import { gigSkills } from './gigs.repo';

/**
 * "How you match" on a gig (issue 31 item 3): its skills against the viewer's passport, each
 * shared one with its public level and evidence in words, through the skills area's `skillLevels`.
 */
export function createGigMatch(deps: GigsDeps, ctx: GigContext) {
  const { skills } = deps;
  return {
    async match(user: TUser, id: string): Promise<TGigMatch> {
      const gig = await ctx.gigOr404(id);
      const [asked, levels] = await Promise.all([skills.skillsOf(gigSkills, gig.id), skills.levelsOf([user.id])]);
      const held = new Map((levels.get(user.id) ?? []).map((s) => [s.slug, s]));
      return {
        hasSkills: held.size > 0,
        total: asked.length,
        shared: asked.flatMap((s) => {
          const mine = held.get(s.slug);
          return mine ? [{ ...s, level: mine.level ?? 'claimed', sentence: mine.sentence }] : [];
        }),
        missing: asked.filter((s) => !held.has(s.slug)),
      };
    },
  };
}
