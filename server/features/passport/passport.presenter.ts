import { type TEvidence, type TEvidenceKind, type TPassportSkill } from '#shared/passport/passport.schemas';
import { FORMER_MEMBER } from '../accounts';
import { levelOf } from './passport-level';
import type { EvidenceRow } from './passport.repo';

export const evidenceId = (r: Pick<EvidenceRow, 'kind' | 'id' | 'slug'>) => `${r.kind}:${r.id}:${r.slug}`;

const stars = (rating: number) => `Rated ${rating} of 5 by the poster`;

/** Where each kind of evidence is seen in the app. */
function urlOf(r: EvidenceRow): string {
  const links: Record<TEvidenceKind, () => string> = {
    course: () => `/courses/course-detail/${r.id}`,
    assessment: () => `/courses/course-detail/${r.ref}`,
    gig: () => `/gigs/${r.id}`,
    endorsement: () => `/mentorship/mentor/${r.ref}`,
    hire: () => `/jobs/${r.id}`,
  };
  return links[r.kind]();
}

export function titleOf(r: EvidenceRow): string {
  switch (r.kind) {
    case 'course':
      return r.title;
    case 'assessment':
      return `${r.title} in ${r.extra}`;
    case 'gig':
      return r.title;
    case 'endorsement':
      return `Endorsed by ${r.title ?? FORMER_MEMBER}`;
    case 'hire':
      return r.extra ? `${r.title} at ${r.extra}` : r.title;
  }
}

function detailOf(r: EvidenceRow): string | null {
  if (r.kind === 'gig') return r.rating ? stars(r.rating) : 'Not rated yet';
  if (r.kind === 'endorsement') return r.extra;
  return null;
}

export function presentEvidence(r: EvidenceRow, hidden: boolean | undefined): TEvidence {
  return {
    id: evidenceId(r),
    kind: r.kind,
    title: titleOf(r),
    date: r.at.toISOString(),
    url: urlOf(r),
    detail: detailOf(r),
    ...(hidden === undefined ? {} : { hidden }),
  };
}

/**
 * The passport as one viewer sees it: every skill typed and every skill with evidence; the owner
 * sees every item with its `hidden` mark and the level others see beside their own, others only
 * the items not hidden and the level those earn.
 */
export function presentPassport(
  typed: Array<{ slug: string; name: string }>,
  rows: EvidenceRow[],
  hiddenIds: Set<string>,
  owner: boolean,
  now: Date,
): TPassportSkill[] {
  const skills = new Map<string, { slug: string; name: string; rows: EvidenceRow[] }>();
  for (const t of typed) skills.set(t.slug, { ...t, rows: [] });
  const untyped: string[] = [];
  for (const r of rows) {
    if (!skills.has(r.slug)) {
      skills.set(r.slug, { slug: r.slug, name: r.name, rows: [] });
      untyped.push(r.slug);
    }
    skills.get(r.slug)!.rows.push(r);
  }
  const scored = (list: EvidenceRow[]) => list.map((r) => ({ kind: r.kind, at: r.at, rating: r.rating }));
  return [...skills.values()].map(({ slug, name, rows: own }) => {
    const shown = own.filter((r) => !hiddenIds.has(evidenceId(r)));
    if (!owner)
      return {
        slug,
        name,
        level: levelOf(scored(shown), now),
        evidence: shown.map((r) => presentEvidence(r, undefined)),
      };
    return {
      slug,
      name,
      level: levelOf(scored(own), now),
      publicLevel: levelOf(scored(shown), now),
      evidence: own.map((r) => presentEvidence(r, hiddenIds.has(evidenceId(r)))),
    };
  });
}
