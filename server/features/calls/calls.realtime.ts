import type { FastifyBaseLogger } from 'fastify';
import {
  callAnswer,
  callDecline,
  callJoin,
  callLeave,
  callPeer,
  callRoom,
  callSignal,
  callSignalled,
} from '#shared/calls/calls.schemas';
import type { TSignalPayload } from '#shared/realtime/signals';
import type { AppSocket } from '#server/realtime/realtime-server';
import type { RealtimeService } from '#server/realtime/realtime.service';
import type { CallsService } from './calls.service';

/**
 * Calls on the socket (decision 010): the `call:<id>` room admits the call's two members while it
 * is open; signalling is relayed inside it and never stored; each page's time in the call is a
 * row of attendance, closed when it leaves, hangs up or its socket goes.
 */
export function registerCallsRealtime(realtime: RealtimeService, calls: CallsService, log: FastifyBaseLogger): void {
  /** Per socket: the attendance row of each call it is in. */
  const attending = new WeakMap<AppSocket, Map<string, string>>();

  function leaveAll(socket: AppSocket, userId: string) {
    for (const [callId, attendanceId] of attending.get(socket) ?? []) {
      calls
        .leave(callId, attendanceId)
        .then(() =>
          realtime.emitToRoom(callRoom(callId), callPeer, { room: callId, userId, present: false, session: null }),
        )
        .catch((err: unknown) => log.error({ err, callId }, 'recording a call leave failed'));
    }
  }

  realtime.rooms.register('call', { area: 'chat', policy: (user, id) => calls.mayEnter(user, id) });

  realtime.handle(callJoin, {
    area: 'chat',
    authorize: (_user, { room }, ctx) => ctx.inRoom(callRoom(room)),
    async run({ room, session }, ctx, socket) {
      let mine = attending.get(socket);
      if (!mine) {
        mine = new Map();
        attending.set(socket, mine);
        socket.once('disconnect', () => leaveAll(socket, ctx.user.id));
      }
      // A page that says it joined twice on one socket (a renegotiation) is still one stay.
      const known = mine.get(room);
      const { attendanceId, peerPresent } = known
        ? { attendanceId: known, peerPresent: true }
        : await calls.join(ctx.user.id, room);
      mine.set(room, attendanceId);
      // Not volatile: the member already waiting must hear of this page to offer to it.
      realtime.emitToRoom(callRoom(room), callPeer, { room, userId: ctx.user.id, present: true, session });
      return { peerPresent };
    },
  });

  realtime.handle(callSignal, {
    area: 'chat',
    authorize: (_user, { room }, ctx) => ctx.inRoom(callRoom(room)),
    run({ room, session, to, description, candidates }, ctx, socket) {
      const payload: TSignalPayload<typeof callSignalled> = {
        room,
        from: ctx.user.id,
        session,
        to,
        description,
        candidates,
      };
      // Not ctx.relay: a volatile emit is dropped while the other socket's transport is busy,
      // and a lost offer or answer is a call that never connects. Still only the room's other sockets.
      (socket.to(callRoom(room)).emit as (ev: string, p: unknown) => boolean)(callSignalled.name, payload);
      return {};
    },
  });

  realtime.handle(callLeave, {
    area: 'chat',
    authorize: (_user, { room }, ctx) => ctx.inRoom(callRoom(room)),
    async run({ room, hangUp }, ctx, socket) {
      const attendanceId = attending.get(socket)?.get(room);
      attending.get(socket)?.delete(room);
      if (hangUp) {
        await calls.hangUp(ctx.user.id, room);
      } else {
        if (attendanceId) await calls.leave(room, attendanceId);
        ctx.relay(callRoom(room), callPeer, { room, userId: ctx.user.id, present: false, session: null });
      }
      return {};
    },
  });

  // The callee is not in the call's room while it rings: a member of an open call may answer or decline.
  realtime.handle(callAnswer, {
    area: 'chat',
    authorize: (user, { room }) => calls.mayEnter(user, room),
    run: async ({ room }, ctx) => (await calls.answer(ctx.user.id, room), {}),
  });

  realtime.handle(callDecline, {
    area: 'chat',
    authorize: (user, { room }) => calls.mayEnter(user, room),
    run: async ({ room }, ctx) => (await calls.decline(ctx.user.id, room), {}),
  });
}
