import { type TEvidenceKind, type TPassportLevel } from '#shared/passport/passport.schemas';

/** What a sentence needs of one public evidence item (hidden items never reach it). */
export interface SentenceItem {
  kind: TEvidenceKind;
  title: string;
  at: Date;
  rating: number | null;
}

const plural = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);
const average = (xs: number[]) => Math.round((xs.reduce((a, b) => a + b, 0) / xs.length) * 10) / 10;

/**
 * A skill's evidence in words, for "How you match" and the employer's applicant view (issue 31
 * item 3): "React: proven — 2 gigs rated 4.9, 1 assessment passed, course completed: Advanced React".
 * Counts by kind, the average rating of the rated gigs, the newest course's title.
 */
export function evidenceSentence(name: string, level: TPassportLevel, items: SentenceItem[]): string {
  const of = (k: TEvidenceKind) => items.filter((i) => i.kind === k);
  const parts: string[] = [];
  const gigs = of('gig');
  if (gigs.length) {
    const ratings = gigs.flatMap((g) => (g.rating == null ? [] : [g.rating]));
    const rated = ratings.length ? ` rated ${average(ratings)}` : '';
    parts.push(`${plural(gigs.length, 'gig', 'gigs')}${rated}`);
  }
  const hires = of('hire');
  if (hires.length) parts.push(`hired ${hires.length === 1 ? 'once' : `${hires.length} times`}`);
  const assessments = of('assessment');
  if (assessments.length) parts.push(`${plural(assessments.length, 'assessment', 'assessments')} passed`);
  const courses = of('course');
  if (courses.length) {
    const newest = courses.reduce((a, b) => (b.at > a.at ? b : a));
    parts.push(
      courses.length === 1
        ? `course completed: ${newest.title}`
        : `${courses.length} courses completed, newest ${newest.title}`,
    );
  }
  const endorsements = of('endorsement');
  if (endorsements.length) parts.push(plural(endorsements.length, 'mentor endorsement', 'mentor endorsements'));
  return `${name}: ${level} — ${parts.length ? parts.join(', ') : 'on the profile, no evidence yet'}`;
}
