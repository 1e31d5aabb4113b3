import type { TEvidenceKind, TPassportLevel } from '#shared/passport/passport.schemas';

/*
 * The passport's scoring (decision 071): each evidence item weighs by its kind, a gig by the
 * poster's rating, and every weight halves every two years, so old evidence fades but never
 * vanishes. The sum picks the level; expert also asks for paid work twice and three kinds of
 * evidence, so no pile of one kind (courses alone) makes an expert.
 */

/** Evidence loses half its weight in this many days. */
export const HALF_LIFE_DAYS = 730;
/** From this score a skill is proven. */
export const PROVEN_SCORE = 3;
/** From this score, with EXPERT_WORK paid works and EXPERT_KINDS kinds of evidence, a skill is expert. */
export const EXPERT_SCORE = 8;
export const EXPERT_WORK = 2;
export const EXPERT_KINDS = 3;

/** Weight of a fresh item; a gig's is its rating's half (5 stars: 2.5), 1.5 while unrated. */
export const WEIGHTS: Record<Exclude<TEvidenceKind, 'gig'>, number> = {
  course: 1,
  assessment: 1.5,
  endorsement: 1.5,
  hire: 5,
};
export const UNRATED_GIG = 1.5;

export interface ScoredItem {
  kind: TEvidenceKind;
  at: Date;
  /** The poster's rating of a gig, 1 to 5; null while unrated or for other kinds. */
  rating?: number | null;
}

const DAY = 86_400_000;

/** How much of its weight an item dated `at` keeps at `now`: 1 today, 0.5 after HALF_LIFE_DAYS; never above 1. */
export function decay(at: Date, now: Date): number {
  const days = Math.max(0, (now.getTime() - at.getTime()) / DAY);
  return 0.5 ** (days / HALF_LIFE_DAYS);
}

export function weightOf(item: ScoredItem): number {
  if (item.kind !== 'gig') return WEIGHTS[item.kind];
  return item.rating ? item.rating / 2 : UNRATED_GIG;
}

export function scoreOf(items: ScoredItem[], now: Date): number {
  return items.reduce((sum, item) => sum + weightOf(item) * decay(item.at, now), 0);
}

/** The level this evidence earns: a skill with none (only typed) stays claimed. */
export function levelOf(items: ScoredItem[], now: Date): TPassportLevel {
  if (items.length === 0) return 'claimed';
  const score = scoreOf(items, now);
  const work = items.filter((i) => i.kind === 'gig' || i.kind === 'hire').length;
  const kinds = new Set(items.map((i) => i.kind)).size;
  if (score >= EXPERT_SCORE && work >= EXPERT_WORK && kinds >= EXPERT_KINDS) return 'expert';
  if (score >= PROVEN_SCORE) return 'proven';
  return 'learning';
}

/**
 * When decay alone would move this evidence's level down: the moment its score falls below the
 * level's threshold. Null for claimed and learning, which decay never lowers (any evidence is
 * learning). From the newest item's date on, every weight halves at the same pace, so the score
 * is score(from)·0.5^(days/HALF_LIFE_DAYS) and the moment is solved for; an item dated ahead
 * only makes the answer early, never late, and the job recomputing early finds the truth.
 */
export function levelFallsAt(items: ScoredItem[], now: Date): Date | null {
  const level = levelOf(items, now);
  if (level !== 'proven' && level !== 'expert') return null;
  const threshold = level === 'expert' ? EXPERT_SCORE : PROVEN_SCORE;
  const from = Math.max(now.getTime(), ...items.map((i) => i.at.getTime()));
  const days = HALF_LIFE_DAYS * Math.log2(scoreOf(items, new Date(from)) / threshold);
  return new Date(from + days * DAY);
}
