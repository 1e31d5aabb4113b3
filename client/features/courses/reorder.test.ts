import { describe, expect, it } from 'vitest';
import { moveAnnouncement, moveBy, moveById, moveTo, sameOrder } from './reorder';

const abc = ['a', 'b', 'c'] as const;

describe('moveBy', () => {
  it('moves one step up and down', () => {
    expect(moveBy(abc, 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveBy(abc, 1, 1)).toEqual(['a', 'c', 'b']);
  });

  it('leaves the ends where they are', () => {
    expect(moveBy(abc, 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveBy(abc, 2, 1)).toEqual(['a', 'b', 'c']);
  });

  it('never changes its input', () => {
    const items = ['a', 'b'];
    moveBy(items, 0, 1);
    expect(items).toEqual(['a', 'b']);
  });
});

describe('moveTo', () => {
  it('drops an item at a position, clamped to the list', () => {
    expect(moveTo(abc, 0, 2)).toEqual(['b', 'c', 'a']);
    expect(moveTo(abc, 2, 0)).toEqual(['c', 'a', 'b']);
    expect(moveTo(abc, 0, 99)).toEqual(['b', 'c', 'a']);
    expect(moveTo(abc, 5, 0)).toEqual(['a', 'b', 'c']);
  });
});

describe('moveById', () => {
  const items = [{ id: 'x' }, { id: 'y' }, { id: 'z' }];
  it('finds the item by id', () => {
    expect(moveById(items, 'z', { delta: -1 }).map((i) => i.id)).toEqual(['x', 'z', 'y']);
    expect(moveById(items, 'x', { to: 2 }).map((i) => i.id)).toEqual(['y', 'z', 'x']);
    expect(moveById(items, 'nope', { delta: 1 })).toEqual(items);
  });

  it('tells orders apart', () => {
    expect(sameOrder(items, [...items])).toBe(true);
    expect(sameOrder(items, moveById(items, 'x', { delta: 1 }))).toBe(false);
  });
});

it('announces the new position in words', () => {
  expect(moveAnnouncement('Lesson', 'Intro', 2, 3)).toBe('Lesson “Intro” moved to position 2 of 3.');
});
