import { describe, expect, it } from 'vitest';
import { pickThread } from './chat-reports';

const lines = (n: number) => Array.from({ length: n }, (_, i) => ({ id: i + 1 }));
const ids = (xs: { id: number }[]) => xs.map((x) => x.id);

describe('pickThread: the evidence kept with a report', () => {
  it('keeps 10 before and 10 after the reported message, it included', () => {
    expect(ids(pickThread(lines(50), 25))).toEqual(ids(lines(35)).slice(14));
  });

  it('lends a short side’s room to the other: a message near the start keeps more after', () => {
    expect(ids(pickThread(lines(50), 3))).toEqual(ids(lines(21)));
  });

  it('and a message near the end keeps more of what led to it', () => {
    expect(ids(pickThread(lines(50), 49))).toEqual(ids(lines(50)).slice(29));
  });

  it('keeps a whole short conversation', () => {
    expect(ids(pickThread(lines(5), 2))).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps the last 20 when a member is reported from the conversation', () => {
    expect(ids(pickThread(lines(30), null))).toEqual(ids(lines(30)).slice(10));
    expect(ids(pickThread(lines(4), null))).toEqual([1, 2, 3, 4]);
  });
});
