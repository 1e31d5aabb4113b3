import { describe, expect, it } from 'vitest';
import { decay, HALF_LIFE_DAYS, levelFallsAt, levelOf, scoreOf, type ScoredItem } from './passport-level';

const now = new Date('2026-11-28T12:00:00Z');
const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
const fresh = (kind: ScoredItem['kind'], rating: number | null = null): ScoredItem => ({ kind, at: now, rating });

describe('passport level (decision 071)', () => {
  it('a skill only typed stays claimed', () => {
    expect(levelOf([], now)).toBe('claimed');
  });

  it('a course and its passed assessment are learning, not proof', () => {
    expect(levelOf([fresh('course'), fresh('assessment')], now)).toBe('learning');
    expect(scoreOf([fresh('course'), fresh('assessment')], now)).toBeCloseTo(2.5);
  });

  it('a course, an assessment and a mentor endorsement prove a skill', () => {
    expect(levelOf([fresh('course'), fresh('assessment'), fresh('endorsement')], now)).toBe('proven');
  });

  it('a gig weighs by its rating: two five-star gigs prove, two one-star gigs do not', () => {
    expect(levelOf([fresh('gig', 5), fresh('gig', 5)], now)).toBe('proven');
    expect(levelOf([fresh('gig', 1), fresh('gig', 1)], now)).toBe('learning');
    expect(scoreOf([fresh('gig', null)], now)).toBeCloseTo(1.5);
  });

  it('a recent hire proves a skill; the same hire four years on has faded to learning', () => {
    expect(levelOf([fresh('hire')], now)).toBe('proven');
    expect(levelOf([{ kind: 'hire', at: daysAgo(2 * HALF_LIFE_DAYS) }], now)).toBe('learning');
  });

  it('decay halves every half-life and never grows for dates ahead', () => {
    expect(decay(now, now)).toBe(1);
    expect(decay(daysAgo(HALF_LIFE_DAYS), now)).toBeCloseTo(0.5);
    expect(decay(daysAgo(2 * HALF_LIFE_DAYS), now)).toBeCloseTo(0.25);
    expect(decay(new Date(now.getTime() + 86_400_000), now)).toBe(1);
  });

  it('expert needs the score, two paid works and three kinds of evidence', () => {
    const expert = [fresh('gig', 5), fresh('gig', 5), fresh('hire'), fresh('endorsement')];
    expect(scoreOf(expert, now)).toBeCloseTo(11.5);
    expect(levelOf(expert, now)).toBe('expert');
    // Plenty of courses and assessments never make an expert without paid work.
    const study = Array.from({ length: 6 }, () => [fresh('course'), fresh('assessment')]).flat();
    expect(levelOf(study, now)).toBe('proven');
    // Four five-star gigs: the score, the work, but one kind only.
    expect(levelOf([fresh('gig', 5), fresh('gig', 5), fresh('gig', 5), fresh('gig', 5)], now)).toBe('proven');
  });

  it('the same expert evidence, three years old, is proven', () => {
    const old = daysAgo(3 * 365);
    const items: ScoredItem[] = [
      { kind: 'gig', at: old, rating: 5 },
      { kind: 'gig', at: old, rating: 5 },
      { kind: 'hire', at: old },
      { kind: 'endorsement', at: old },
    ];
    expect(levelOf(items, now)).toBe('proven');
  });

  describe('when decay lowers a level (levelFallsAt, decision 079)', () => {
    const DAY = 86_400_000;
    const after = (at: Date, days: number) => new Date(at.getTime() + days * DAY);

    it('claimed and learning never fall by decay', () => {
      expect(levelFallsAt([], now)).toBeNull();
      expect(levelFallsAt([fresh('course')], now)).toBeNull();
    });

    it('a fresh hire (5) proves a skill for about a year and a half', () => {
      const falls = levelFallsAt([fresh('hire')], now)!;
      const days = (falls.getTime() - now.getTime()) / DAY;
      expect(days).toBeCloseTo(HALF_LIFE_DAYS * Math.log2(5 / 3), 6);
      expect(days).toBeGreaterThan(500);
    });

    it('two five-star gigs (5) stay proven until 5·0.5^(d/730) reaches 3, then are learning', () => {
      const items = [fresh('gig', 5), fresh('gig', 5)];
      const falls = levelFallsAt(items, now)!;
      const days = (falls.getTime() - now.getTime()) / DAY;
      expect(days).toBeCloseTo(HALF_LIFE_DAYS * Math.log2(5 / 3), 6);
      expect(levelOf(items, after(falls, -1))).toBe('proven');
      expect(levelOf(items, after(falls, 1))).toBe('learning');
    });

    it('an expert falls to proven when its score drops under 8, from evidence of any age', () => {
      const items: ScoredItem[] = [
        { kind: 'gig', at: daysAgo(100), rating: 5 },
        { kind: 'gig', at: daysAgo(10), rating: 5 },
        { kind: 'hire', at: daysAgo(300) },
        { kind: 'endorsement', at: daysAgo(5) },
      ];
      const falls = levelFallsAt(items, now)!;
      expect(levelOf(items, after(falls, -1))).toBe('expert');
      expect(levelOf(items, after(falls, 1))).toBe('proven');
      // Asked later, before the fall, the answer is the same moment.
      expect(levelFallsAt(items, after(now, 30))!.getTime()).toBeCloseTo(falls.getTime(), -3);
    });

    it('an item dated ahead makes the answer no later than the true fall', () => {
      const items: ScoredItem[] = [
        { kind: 'hire', at: daysAgo(400) },
        { kind: 'gig', at: after(now, 3), rating: 5 },
      ];
      const falls = levelFallsAt(items, now)!;
      expect(levelOf(items, after(falls, -0.01))).toBe('proven');
    });
  });
});
