import { useCallback, useEffect, useRef, useState } from 'react';
import {
  callEnded,
  callJoin,
  callLeave,
  callPeer,
  callRingEnded,
  callRoom,
  callSignal,
  callSignalled,
  type TCall,
  type TRingEnd,
} from '#shared/calls/calls.schemas';
import { roomLeft } from '#shared/realtime/signals';
import { createSocket, emitWithAck, keepInRoom, onSignal } from '#client/lib/socket';
import { createCallConnection, type CallConnection, type SignalOut } from '../lib/call-connection';
import { routeSignal } from '../lib/negotiation';
import { useCallStats } from './use-call-stats';

export type CallPhase = 'joining' | 'waiting' | 'connecting' | 'connected' | 'reconnecting' | 'ended' | 'refused';

const newSession = () => crypto.randomUUID();

/**
 * The call once joined: its own socket (kept in the call's room across reconnects), one peer
 * connection at a time (a new one when the other side's page is new), the other member's
 * comings and goings, and the end of the call.
 */
export function useCallSession(
  call: TCall,
  me: string,
  localStream: MediaStream,
  relayOnly: boolean,
  /** Whether we are audio-only now: a new connection (the other page reloaded) starts the same way. */
  audioOnly: { readonly current: boolean },
) {
  const [phase, setPhase] = useState<CallPhase>('joining');
  const [peerPresent, setPeerPresent] = useState(false);
  const [peerLeftOnce, setPeerLeftOnce] = useState(false);
  const [remoteStream, setRemoteStream] = useState<MediaStream | null>(null);
  const [connectedAt, setConnectedAt] = useState<number | null>(null);
  const [endedBy, setEndedBy] = useState<string | null>(null);
  const [connection, setConnection] = useState<CallConnection | null>(null);
  // Whether the other side's video comes in, as last negotiated (false: they chose audio only).
  const [videoIn, setVideoIn] = useState<boolean | null>(null);
  // How the other member's ring ended when they did not come (declined, busy, missed): the caller is told.
  const [ringEnd, setRingEnd] = useState<TRingEnd | null>(null);
  const hangUpRef = useRef<() => void>(() => {});
  const room = call.room;
  const polite = call.participants.find((p) => p.id === me)?.role === 'callee';

  useEffect(() => {
    const socket = createSocket(() => []);
    let conn: CallConnection | null = null;
    let session = newSession();
    let remoteSession: string | null = null;
    let over = false;
    let joinedOnce = false;
    // The browser said the network went: the socket and the media path may both be stale.
    let networkLost = false;
    // The other side can offer before our join's answer is back and our connection exists.
    let early: Parameters<CallConnection['receive']>[0][] = [];

    const send = (message: SignalOut) => {
      if (socket.connected) void emitWithAck(socket, callSignal, { room, session, to: remoteSession, ...message });
    };
    /**
     * A peer connection; a new one (the other page is new) gets a session of its own. With
     * `waitForOffer`, the other page was there first: it offers, we answer.
     */
    const open = (waitForOffer: boolean) => {
      if (conn) {
        conn.close();
        session = newSession();
      }
      const next = createCallConnection({
        polite,
        iceServers: call.iceServers,
        relayOnly,
        waitForOffer,
        send,
        onRemoteStream: (stream) => setRemoteStream(new MediaStream(stream.getTracks())),
        onNegotiated: () => {
          if (conn === next && !over) setVideoIn(next.receiving('video'));
        },
        onStateChange: (state) => {
          if (conn !== next || over) return;
          if (state === 'connected') {
            setPhase('connected');
            setConnectedAt((at) => at ?? Date.now());
          } else if (state === 'disconnected' || state === 'failed') setPhase('reconnecting');
        },
      });
      next.addLocalStream(localStream);
      // Before the first offer goes out, so no video is negotiated at all.
      if (audioOnly.current) next.setVideoFlowing(false);
      conn = next;
      setConnection(next);
      setRemoteStream(null);
      setVideoIn(null);
      for (const message of early) void next.receive(message);
      early = [];
    };
    const end = (by: string) => {
      if (over) return;
      over = true;
      setEndedBy(by);
      setPhase('ended');
      conn?.close();
    };

    const offs = [
      onSignal(socket, callSignalled, (message) => {
        if (message.room !== room || over) return;
        const route = routeSignal(remoteSession, session, message);
        if (route === 'drop') return;
        if (route === 'restart') open(true);
        remoteSession = message.session;
        if (conn) void conn.receive(message);
        else early.push(message);
      }),
      onSignal(socket, callPeer, ({ room: r, userId, present, session: theirs }) => {
        if (r !== room || userId === me || over) return;
        setPeerPresent(present);
        if (!present) {
          setPeerLeftOnce(true);
          setPhase('waiting');
          return;
        }
        setPhase((p) => (p === 'waiting' || p === 'joining' ? 'connecting' : p));
        // Their page is new (or arrives while we waited, our offer having gone to nobody): start
        // afresh. The same page back on a new socket: mend the path, or, if the media never
        // stopped (only their socket blinked), say so: no state change will.
        if (theirs !== remoteSession) {
          open(false);
          remoteSession = theirs;
        } else if (conn && conn.pc.connectionState !== 'connected') conn.restartIce();
        else if (conn) setPhase('connected');
      }),
      onSignal(socket, callRingEnded, ({ room: r, reason, by }) => {
        if (r === room && by !== me && reason !== 'answered' && reason !== 'cancelled') setRingEnd(reason);
      }),
      onSignal(socket, callEnded, ({ room: r, by }) => {
        if (r === room) end(by);
      }),
      onSignal(socket, roomLeft, ({ room: r }) => {
        if (r === callRoom(room)) end('');
      }),
    ];

    const leaveRoom = keepInRoom(socket, callRoom(room), (answer) => {
      if (over) return;
      if (!answer.ok) {
        if (answer.code !== 'INTERNAL') {
          over = true;
          setPhase('refused');
        }
        return;
      }
      void emitWithAck(socket, callJoin, { room, session }).then((joined) => {
        if (!joined.ok || over) return;
        setPeerPresent(joined.data.peerPresent);
        if (!joinedOnce) {
          joinedOnce = true;
          open(joined.data.peerPresent);
          setPhase(joined.data.peerPresent ? 'connecting' : 'waiting');
        } else if (conn) {
          // Our socket came back: the media path may have gone with it (and after a network
          // change, its candidates are the old network's): gather afresh over the new socket.
          if (networkLost || conn.pc.connectionState !== 'connected') conn.restartIce();
          networkLost = false;
          if (!joined.data.peerPresent) setPhase('waiting');
          else if (conn.pc.connectionState === 'connected') setPhase('connected');
        }
      });
    });
    const lost = () => {
      if (over) return;
      networkLost = true;
      setPhase((p) => (p === 'connected' || p === 'connecting' ? 'reconnecting' : p));
    };
    // Back online: a socket that seemed up may be a dead connection of the old network (it would
    // take the heartbeat's 45 s to notice), so open a fresh one; it rejoins and restarts ICE.
    const wake = () => {
      if (over) return;
      if (networkLost && socket.connected) socket.disconnect();
      if (!socket.connected && !socket.active) socket.connect();
    };
    window.addEventListener('offline', lost);
    window.addEventListener('online', wake);
    socket.connect();

    hangUpRef.current = () => {
      if (over) return;
      void emitWithAck(socket, callLeave, { room, hangUp: true });
      end(me);
    };

    return () => {
      window.removeEventListener('offline', lost);
      window.removeEventListener('online', wake);
      offs.forEach((off) => off());
      if (!over && socket.connected) void emitWithAck(socket, callLeave, { room, hangUp: false });
      over = true;
      leaveRoom();
      conn?.close();
      // Let the leave go out before the socket closes.
      setTimeout(() => socket.disconnect(), 200);
    };
  }, [room, me, polite, call.iceServers, localStream, relayOnly, audioOnly]);

  const stats = useCallStats(connection, phase === 'connected' || phase === 'reconnecting');
  const hangUp = useCallback(() => hangUpRef.current(), []);
  return {
    phase,
    peerPresent,
    peerLeftOnce,
    remoteStream,
    videoIn,
    connectedAt,
    endedBy,
    ringEnd,
    connection,
    stats,
    hangUp,
  };
}
