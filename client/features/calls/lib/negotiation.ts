/**
 * The decisions of WebRTC's perfect negotiation, apart from the browser so they can be tested:
 * both peers may offer at any time; on a collision the impolite peer (the caller) keeps its own
 * offer and the polite one (the callee) rolls back and answers.
 */
export interface NegotiationState {
  polite: boolean;
  /** setLocalDescription for an offer of ours is in flight. */
  makingOffer: boolean;
  signalingState: RTCSignalingState;
  /** We are applying an answer: its signalling state is not stable yet, but an offer may follow it. */
  settingRemoteAnswer: boolean;
}

export type OfferDecision = 'apply' | 'ignore';

/** What to do with a remote description. */
export function decideDescription(type: 'offer' | 'answer', state: NegotiationState): OfferDecision {
  const readyForOffer = !state.makingOffer && (state.signalingState === 'stable' || state.settingRemoteAnswer);
  const collision = type === 'offer' && !readyForOffer;
  return collision && !state.polite ? 'ignore' : 'apply';
}

/**
 * Remote ICE candidates that arrive before the remote description they belong to cannot be
 * added yet: they wait here and are added once it is set.
 */
export function createCandidateBuffer<C>() {
  let waiting: C[] = [];
  return {
    /** Keeps the candidate when the remote description is not set; says whether it did. */
    hold(candidate: C, hasRemoteDescription: boolean): boolean {
      if (hasRemoteDescription) return false;
      waiting.push(candidate);
      return true;
    },
    /** The candidates held so far, oldest first; the buffer is empty afterwards. */
    drain(): C[] {
      const out = waiting;
      waiting = [];
      return out;
    },
    get size() {
      return waiting.length;
    },
  };
}

/**
 * Local candidates go out in small batches: a burst of a dozen at the start of a call would
 * otherwise spend the socket's event budget (decision 010) one event each.
 */
export function createBatcher<C>(send: (batch: C[]) => void, delayMs: number, setTimer = setTimeout) {
  let batch: C[] = [];
  let pending = false;
  return (item: C) => {
    batch.push(item);
    if (pending) return;
    pending = true;
    setTimer(() => {
      pending = false;
      const out = batch;
      batch = [];
      send(out);
    }, delayMs);
  };
}

/** A peer whose ICE was `disconnected` this long restarts it (a `failed` one at once). */
export const ICE_DISCONNECT_GRACE_MS = 4_000;

/** Whether this ICE state calls for a restart now, later (after the grace), or not at all. */
export function restartFor(state: RTCIceConnectionState): 'now' | 'after-grace' | 'no' {
  if (state === 'failed') return 'now';
  if (state === 'disconnected') return 'after-grace';
  return 'no';
}

/**
 * Each page's peer connection has its own session id, and each message says which of the other
 * side's sessions it is meant for (`to`, when the sender knew it). An answer meant for a
 * connection of ours we have since replaced is dropped: applied to the new one, its keys would
 * never match and the call would hang (seen when an unanswered offer, sent again while the other
 * page was arriving, crossed that page's offer). A message from a session other than the one we
 * negotiate with is either the other side's new page (a reload: start afresh), the first word of
 * a peer we had not heard yet or the answer to our current offer from a connection of theirs we
 * had not heard of (adopt it), or a leftover of a page that is gone (drop).
 */
export function routeSignal(
  remoteSession: string | null,
  mySession: string,
  message: { session: string; to?: string | null; description?: { type: 'offer' | 'answer' } },
): 'apply' | 'adopt' | 'restart' | 'drop' {
  const answer = message.description?.type === 'answer';
  if (answer && message.to && message.to !== mySession) return 'drop';
  if (message.session === remoteSession) return 'apply';
  if (message.description?.type === 'offer') return remoteSession === null ? 'adopt' : 'restart';
  if (answer && (remoteSession === null || message.to === mySession)) return 'adopt';
  return 'drop';
}

/** How long a page that arrives second waits for the other side's offer before it offers itself. */
export const OFFER_WAIT_MS = 3_000;

/**
 * Who offers first. The page that arrives while the other waits lets the waiting one offer (it
 * opens a connection for the newcomer when it hears of it). Were both to offer at once, the
 * polite side would roll its offer back; Chromium then leaves that connection's ICE agent
 * gathering for ever (no candidate, no check: the call never connects; seen in one call in three
 * on a busy machine). The gate holds our first offer until the other side's offer has been
 * answered, or until OFFER_WAIT_MS has passed without one (their offer was lost), and then lets
 * negotiation run as usual.
 */
export function createOfferGate(
  waitForOffer: boolean,
  offer: () => void,
  waitMs = OFFER_WAIT_MS,
  setTimer = setTimeout,
  clearTimer = clearTimeout,
) {
  let waiting = waitForOffer;
  let held = false;
  const release = () => {
    if (!waiting) return;
    waiting = false;
    clearTimer(timer);
    if (held) offer();
    held = false;
  };
  const timer = waiting ? setTimer(release, waitMs) : undefined;
  return {
    /** Negotiation is needed: offer now, or once the gate opens. */
    needed() {
      if (waiting) held = true;
      else offer();
    },
    /** The other side's offer came (and was answered): our offer is no longer first. */
    answered() {
      held = false;
      release();
    },
    close: () => clearTimer(timer),
  };
}
