import { describe, expect, it } from 'vitest';
import { missingFact, readSecondsFor } from '#shared/courses/lesson-progress';
import { addRange, coveredSeconds, emptyTrack, factsOf, recordBeat } from './lesson-tracking';

const at = (seconds: number) => new Date(Date.UTC(2026, 10, 27, 12, 0, seconds));

describe('completion rules', () => {
  it('reading time follows the words at 200 a minute, within 10 seconds and 10 minutes', () => {
    expect(readSecondsFor('Two words')).toBe(10);
    expect(readSecondsFor('word '.repeat(400))).toBe(120);
    expect(readSecondsFor('word '.repeat(10_000))).toBe(600);
    // Markdown punctuation is not a word.
    expect(readSecondsFor('# - * word '.repeat(200))).toBe(60);
  });

  it('a video needs 90% of its length watched; a text its time and its end', () => {
    const base = {
      lessonId: 'l',
      watchedSeconds: 0,
      videoSeconds: 100,
      openSeconds: 0,
      readSeconds: 30,
      scrolledToEnd: false,
    };
    expect(missingFact('video', { ...base, watchedSeconds: 89 })).toMatch(/90%/);
    expect(missingFact('video', { ...base, watchedSeconds: 90 })).toBeNull();
    expect(missingFact('video', { ...base, videoSeconds: 0 })).not.toBeNull();
    expect(missingFact('text', { ...base, openSeconds: 29, scrolledToEnd: true })).toMatch(/time to read/);
    expect(missingFact('text', { ...base, openSeconds: 30 })).toMatch(/to its end/);
    expect(missingFact('text', { ...base, openSeconds: 30, scrolledToEnd: true })).toBeNull();
  });
});

describe('recordBeat', () => {
  it('counts forward playing no faster than double speed, and nothing for a jump or a step back', () => {
    let s = recordBeat(emptyTrack(), { positionSeconds: 0 }, at(0));
    s = recordBeat(s, { positionSeconds: 10 }, at(10));
    s = recordBeat(s, { positionSeconds: 30 }, at(20));
    expect(s.watched).toEqual([[0, 30]]);
    s = recordBeat(s, { positionSeconds: 200 }, at(30));
    s = recordBeat(s, { positionSeconds: 5 }, at(40));
    expect(s.watched).toEqual([[0, 30]]);
    expect(s.lastPositionSeconds).toBe(5);
  });

  it('measures open time on its own clock, at most 30 seconds between two reports', () => {
    let s = recordBeat(emptyTrack(), {}, at(0));
    expect(s.openSeconds).toBe(0);
    s = recordBeat(s, {}, at(12));
    s = recordBeat(s, { scrolledToEnd: true }, at(3600));
    expect(s.openSeconds).toBe(42);
    expect(recordBeat(s, { scrolledToEnd: false }, at(3601)).scrolledToEnd).toBe(true);
  });

  it('measures a report kept offline from the latest one counted in the course, and ignores an older one', () => {
    let s = recordBeat(emptyTrack(), { positionSeconds: 0 }, at(0));
    // Another lesson was reported until 0:20: only the ten seconds after it count here.
    s = recordBeat(s, { positionSeconds: 25 }, at(30), at(20));
    expect([s.openSeconds, s.watched]).toEqual([10, []]);
    s = recordBeat(s, { positionSeconds: 35 }, at(40), at(20));
    expect([s.openSeconds, s.watched]).toEqual([20, [[25, 35]]]);
    // The first of them sent again: nothing moves but the end of the text, once seen.
    const replay = recordBeat(s, { positionSeconds: 25, scrolledToEnd: true }, at(30), at(40));
    expect(replay).toEqual({ ...s, scrolledToEnd: true });
  });

  it('merges ranges and counts them within the video', () => {
    expect(
      addRange(
        [
          [0, 10],
          [20, 30],
        ],
        5,
        25,
      ),
    ).toEqual([[0, 30]]);
    expect(
      coveredSeconds(
        [
          [0, 10],
          [50, 200],
        ],
        100,
      ),
    ).toBe(60);
  });

  it("prefers the tutor's video length to the browser's", () => {
    const track = { ...emptyTrack(), reportedDurationSeconds: 10 };
    expect(factsOf({ id: 'l', body: '', durationSeconds: 300 }, track).videoSeconds).toBe(300);
    expect(factsOf({ id: 'l', body: '', durationSeconds: 0 }, track).videoSeconds).toBe(10);
  });
});
