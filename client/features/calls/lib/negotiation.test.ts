import { describe, expect, it } from 'vitest';
import {
  createBatcher,
  createCandidateBuffer,
  createOfferGate,
  decideDescription,
  restartFor,
  routeSignal,
  type NegotiationState,
} from './negotiation';

const state = (over: Partial<NegotiationState>): NegotiationState => ({
  polite: false,
  makingOffer: false,
  signalingState: 'stable',
  settingRemoteAnswer: false,
  ...over,
});

describe('perfect negotiation', () => {
  it('applies an offer when stable, and every answer', () => {
    expect(decideDescription('offer', state({}))).toBe('apply');
    expect(decideDescription('answer', state({ signalingState: 'have-local-offer' }))).toBe('apply');
  });

  it('on a collision the impolite caller ignores the offer and the polite callee yields', () => {
    for (const collision of [{ makingOffer: true }, { signalingState: 'have-local-offer' as const }]) {
      expect(decideDescription('offer', state({ ...collision, polite: false }))).toBe('ignore');
      expect(decideDescription('offer', state({ ...collision, polite: true }))).toBe('apply');
    }
  });

  it('an offer right behind an answer being applied is no collision', () => {
    expect(decideDescription('offer', state({ signalingState: 'have-local-offer', settingRemoteAnswer: true }))).toBe(
      'apply',
    );
  });

  it('holds candidates until the remote description is set, then gives them in order', () => {
    const buffer = createCandidateBuffer<string>();
    expect(buffer.hold('a', false)).toBe(true);
    expect(buffer.hold('b', false)).toBe(true);
    expect(buffer.hold('c', true)).toBe(false);
    expect(buffer.drain()).toEqual(['a', 'b']);
    expect(buffer.size).toBe(0);
  });

  it('sends local candidates in batches', () => {
    const sent: string[][] = [];
    const timers: Array<() => void> = [];
    const add = createBatcher<string>((b) => sent.push(b), 100, ((fn: () => void) => timers.push(fn)) as never);
    add('a');
    add('b');
    expect(timers).toHaveLength(1);
    timers[0]!();
    add('c');
    timers[1]!();
    expect(sent).toEqual([['a', 'b'], ['c']]);
  });

  it('restarts ICE at once on failed, after a grace on disconnected', () => {
    expect(restartFor('failed')).toBe('now');
    expect(restartFor('disconnected')).toBe('after-grace');
    expect(restartFor('connected')).toBe('no');
  });

  it('starts afresh for a reloaded peer, adopts a first peer, and drops leftovers of a gone page', () => {
    const offer = { type: 'offer' as const };
    expect(routeSignal('s1', 'me', { session: 's1' })).toBe('apply');
    expect(routeSignal(null, 'me', { session: 's1', description: offer })).toBe('adopt');
    expect(routeSignal(null, 'me', { session: 's1', description: { type: 'answer' } })).toBe('adopt');
    expect(routeSignal('s1', 'me', { session: 's2', description: offer })).toBe('restart');
    expect(routeSignal('s1', 'me', { session: 's0', description: { type: 'answer' } })).toBe('drop');
    expect(routeSignal(null, 'me', { session: 's0' })).toBe('drop');
  });

  it('drops an answer meant for a connection of ours that is gone, and adopts one meant for ours now', () => {
    const answer = { type: 'answer' as const };
    // Their first connection answered the offer of our first one; we have since made a second.
    expect(routeSignal('s1', 'me2', { session: 's1', to: 'me1', description: answer })).toBe('drop');
    // Their new connection answers our current offer: the session we knew is replaced.
    expect(routeSignal('s1', 'me2', { session: 's2', to: 'me2', description: answer })).toBe('adopt');
    // Offers and candidates are not judged by whom they were meant for.
    expect(routeSignal('s1', 'me2', { session: 's1', to: 'me1' })).toBe('apply');
    expect(routeSignal('s1', 'me2', { session: 's1', to: 'me1', description: { type: 'offer' } })).toBe('apply');
  });

  describe('who offers first', () => {
    function gate(waitForOffer: boolean) {
      const offers: number[] = [];
      const timers: Array<() => void> = [];
      const g = createOfferGate(
        waitForOffer,
        () => offers.push(1),
        3_000,
        ((fn: () => void) => timers.push(fn)) as never,
        () => undefined,
      );
      return { g, offers, fire: () => timers.forEach((t) => t()), timers };
    }

    it('the page that was there first offers at once', () => {
      const { g, offers, timers } = gate(false);
      g.needed();
      expect(offers).toHaveLength(1);
      expect(timers).toHaveLength(0);
    });

    it("the newcomer answers the other side's offer instead of offering too", () => {
      const { g, offers, fire } = gate(true);
      g.needed();
      expect(offers).toHaveLength(0);
      g.answered();
      fire();
      expect(offers).toHaveLength(0);
      // Later negotiations (audio only, a restart) are no longer held.
      g.needed();
      expect(offers).toHaveLength(1);
    });

    it('the newcomer offers itself when no offer comes in time', () => {
      const { g, offers, fire } = gate(true);
      g.needed();
      fire();
      expect(offers).toHaveLength(1);
      g.answered();
      expect(offers).toHaveLength(1);
    });
  });
});
