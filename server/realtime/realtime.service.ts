import type { FastifyBaseLogger } from 'fastify';
import type { TRole } from '../../shared/roles';
import type { TRealtimeEvent, TRealtimePayload } from '../../shared/realtime/events';
import { rooms, type RealtimeServer } from './realtime-server';

/**
 * The one way features push events. Call it through `afterCommit` (server/db/transaction.ts) when the
 * event announces data written in a transaction. Emitting never throws: the data is already
 * saved, and a client that missed an event catches up on its next refetch.
 */
export function createRealtimeService(io: RealtimeServer, log: FastifyBaseLogger) {
  function emit<E extends TRealtimeEvent>(room: string, event: E, payload: TRealtimePayload<E>) {
    try {
      // socket.io's typed emit cannot follow a generic event name; the signature above holds.
      (io.to(room).emit as (ev: string, p: unknown) => boolean)(event, payload);
    } catch (err) {
      log.error({ err, event, room }, 'realtime emit failed');
    }
  }

  return {
    emitToUser<E extends TRealtimeEvent>(userId: string, event: E, payload: TRealtimePayload<E>) {
      emit(rooms.user(userId), event, payload);
    },
    emitToRole<E extends TRealtimeEvent>(role: TRole, event: E, payload: TRealtimePayload<E>) {
      emit(rooms.role(role), event, payload);
    },
    emitToAll<E extends TRealtimeEvent>(event: E, payload: TRealtimePayload<E>) {
      emit(rooms.all, event, payload);
    },
  };
}

export type RealtimeService = ReturnType<typeof createRealtimeService>;
