import type { Db } from '#server/db/client';
import { formatMoney } from '#shared/money';
import type { LinkPreviewSource } from '../share';
import { talentSearchRepo } from './talent-search.repo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * /talent/{id}'s preview (issue 26): what the directory's card already shows any visitor (name,
 * headline, skills, rate), from the directory's one query. A hidden, suspended or deleted member,
 * or one who is no talent, is not found there and previews as the site does.
 */
export function talentLinkPreview(db: Db, now: () => Date): LinkPreviewSource {
  return {
    path: /^\/talent\/([^/]+)$/,
    async find(id) {
      if (!UUID.test(id)) return null;
      const filter = { text: null, skillSlugs: [], sort: 'rating' as const, limit: 1, offset: 0, now: now(), id };
      const [talent] = (await talentSearchRepo.search(db, filter)).rows;
      if (!talent) return null;
      const skills = talent.skills.slice(0, 5).map((s) => s.name);
      const facts = [
        skills.length ? `Skills: ${skills.join(', ')}` : null,
        talent.hourlyRateMinor ? `${formatMoney(talent.hourlyRateMinor, talent.currency)} an hour` : null,
      ].filter(Boolean);
      return {
        title: `${talent.fullName}: ${talent.headline}`,
        description: [talent.headline, ...facts].join(' · '),
        image: talent.avatarUrl,
        type: 'profile',
      };
    },
  };
}
