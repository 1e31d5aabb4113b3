import type { TIceServer } from '#shared/calls/calls.schemas';
import {
  createBatcher,
  createCandidateBuffer,
  createOfferGate,
  decideDescription,
  ICE_DISCONNECT_GRACE_MS,
  restartFor,
} from './negotiation';

export interface SignalCandidate {
  candidate: string;
  sdpMid?: string | null;
  sdpMLineIndex?: number | null;
}

export interface SignalOut {
  description?: { type: 'offer' | 'answer'; sdp?: string };
  candidates?: SignalCandidate[];
}

export interface CallConnectionOptions {
  polite: boolean;
  iceServers: TIceServer[];
  /** Only TURN relays: hides both addresses, and lets tests prove the TURN path. */
  relayOnly: boolean;
  /** The other page was there first and offers to us: hold our own first offer (createOfferGate). */
  waitForOffer?: boolean;
  send(message: SignalOut): void;
  onRemoteStream(stream: MediaStream): void;
  onStateChange(state: RTCPeerConnectionState): void;
  /** An offer and answer settled: what each kind now flows is in `receiving`. */
  onNegotiated?(): void;
}

const CANDIDATE_BATCH_MS = 100;
/** An offer unanswered this long is sent again: the other page may not have been there to get it. */
const OFFER_RESEND_MS = 3_000;

/**
 * One peer connection with perfect negotiation (lib/negotiation.ts): either side offers when it
 * needs to, collisions are settled by politeness, early candidates wait for their description,
 * and ICE restarts itself when the path fails. A new connection (a reload on either side) is a
 * new instance: the page drops the old one.
 */
export function createCallConnection(opts: CallConnectionOptions) {
  const pc = new RTCPeerConnection({
    iceServers: opts.iceServers.map((s) => ({ urls: s.urls, username: s.username, credential: s.credential })),
    iceTransportPolicy: opts.relayOnly ? 'relay' : 'all',
  });
  let makingOffer = false;
  let ignoreOffer = false;
  let settingRemoteAnswer = false;
  let graceTimer: ReturnType<typeof setTimeout> | undefined;
  const early = createCandidateBuffer<SignalCandidate>();
  const sendCandidate = createBatcher<SignalCandidate>((candidates) => opts.send({ candidates }), CANDIDATE_BATCH_MS);
  const remote = new MediaStream();
  // Messages are handled one at a time, in arrival order: a candidate never overtakes its description.
  let queue: Promise<void> = Promise.resolve();

  // Same offer again (idempotent for the other side): a lost one would otherwise hang the call.
  const resend = setInterval(() => {
    if (pc.signalingState === 'have-local-offer' && !makingOffer) sendLocalDescription();
  }, OFFER_RESEND_MS);

  const sendLocalDescription = () => {
    const d = pc.localDescription;
    if (d && (d.type === 'offer' || d.type === 'answer')) opts.send({ description: { type: d.type, sdp: d.sdp } });
  };

  const negotiate = async () => {
    // Once the gate opens the offer may be needed no more (their offer, answered, covered it).
    if (pc.signalingState === 'closed') return;
    try {
      makingOffer = true;
      await pc.setLocalDescription();
      sendLocalDescription();
    } catch {
      // A closed connection or a description that raced a remote one: the next negotiation covers it.
    } finally {
      makingOffer = false;
    }
  };
  const gate = createOfferGate(opts.waitForOffer ?? false, () => void negotiate());
  pc.onnegotiationneeded = () => gate.needed();
  pc.onicecandidate = ({ candidate }) => {
    if (candidate)
      sendCandidate({
        candidate: candidate.candidate,
        sdpMid: candidate.sdpMid,
        sdpMLineIndex: candidate.sdpMLineIndex,
      });
  };
  pc.ontrack = ({ track }) => {
    remote.addTrack(track);
    opts.onRemoteStream(remote);
  };
  pc.onconnectionstatechange = () => opts.onStateChange(pc.connectionState);
  pc.onsignalingstatechange = () => {
    if (pc.signalingState === 'stable') opts.onNegotiated?.();
  };
  pc.oniceconnectionstatechange = () => {
    clearTimeout(graceTimer);
    const when = restartFor(pc.iceConnectionState);
    if (when === 'now') pc.restartIce();
    if (when === 'after-grace') {
      graceTimer = setTimeout(() => {
        if (pc.iceConnectionState === 'disconnected') pc.restartIce();
      }, ICE_DISCONNECT_GRACE_MS);
    }
  };

  async function handle(message: SignalOut) {
    const { description, candidates = [] } = message;
    if (description) {
      const decision = decideDescription(description.type, {
        polite: opts.polite,
        makingOffer,
        signalingState: pc.signalingState,
        settingRemoteAnswer,
      });
      ignoreOffer = decision === 'ignore';
      if (ignoreOffer) return;
      settingRemoteAnswer = description.type === 'answer';
      try {
        await pc.setRemoteDescription(description);
      } finally {
        settingRemoteAnswer = false;
      }
      for (const c of early.drain()) await addCandidate(c);
      if (description.type === 'offer') {
        await adoptOwnTracks();
        await pc.setLocalDescription();
        sendLocalDescription();
        gate.answered();
      }
    }
    for (const c of candidates) if (!early.hold(c, pc.remoteDescription !== null)) await addCandidate(c);
  }

  async function addCandidate(c: SignalCandidate) {
    try {
      await pc.addIceCandidate(c);
    } catch (err) {
      // Candidates of an offer we ignored fail to add. Any other failure loses this candidate
      // only: the others of its batch still go in, and ICE restarts if none of them works.
      if (!ignoreOffer) console.warn('A remote ICE candidate was refused', err);
    }
  }

  /**
   * An offer whose video is inactive (the other side starts audio-only, data saver) is not matched
   * with our own camera's transceiver: the browser makes a receive-only one for it, and ours would
   * later add a second video line that sends to a member who asked for none. Our track moves onto
   * the offered line (its direction, so the answer still says inactive) and ours is stopped.
   */
  async function adoptOwnTracks() {
    const all = pc.getTransceivers();
    for (const offered of all) {
      if (offered.mid === null || offered.sender.track || offered.direction !== 'recvonly') continue;
      const ours = all.find((t) => t.mid === null && t.sender.track?.kind === offered.receiver.track.kind);
      if (!ours) continue;
      await offered.sender.replaceTrack(ours.sender.track);
      offered.direction = 'sendrecv';
      ours.stop();
    }
  }

  const transceiverOf = (kind: 'audio' | 'video') =>
    pc
      .getTransceivers()
      .find((t) => t.receiver.track.kind === kind && t.currentDirection !== 'stopped' && t.direction !== 'stopped');

  return {
    pc,
    /** Sends these tracks (the camera and microphone); called once, before negotiating. */
    addLocalStream(stream: MediaStream) {
      for (const track of stream.getTracks()) pc.addTrack(track, stream);
    },
    /** Swaps what we send of one kind (another camera, the screen) without renegotiating. */
    async replaceTrack(kind: 'audio' | 'video', track: MediaStreamTrack | null) {
      await transceiverOf(kind)?.sender.replaceTrack(track);
    },
    /** Audio-only: neither side sends video until it is turned back on (a renegotiation). */
    setVideoFlowing(on: boolean) {
      const t = transceiverOf('video');
      if (t) t.direction = on ? 'sendrecv' : 'inactive';
    },
    /**
     * Whether the last negotiation has `kind` coming in: null before any, false once the other
     * side chose audio only (the direction, not the track's mute state, which Chromium leaves
     * set on remote tracks that are playing).
     */
    receiving(kind: 'audio' | 'video'): boolean | null {
      const direction = transceiverOf(kind)?.currentDirection;
      if (!direction || direction === 'stopped') return null;
      return direction === 'sendrecv' || direction === 'recvonly';
    },
    receive(message: SignalOut): Promise<void> {
      queue = queue.then(() => handle(message)).catch(() => undefined);
      return queue;
    },
    restartIce: () => pc.restartIce(),
    close() {
      clearTimeout(graceTimer);
      clearInterval(resend);
      gate.close();
      pc.close();
    },
  };
}

export type CallConnection = ReturnType<typeof createCallConnection>;
