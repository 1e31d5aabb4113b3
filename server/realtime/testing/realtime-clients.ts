import { sql } from 'drizzle-orm';
import type { Socket } from 'socket.io-client';
import { emitWithAck } from '#client/lib/socket';
import { roomJoin } from '#shared/realtime/client-events';
import { APP_URL, buildUser, login, unique, type Harness } from '#server/test/harness';
import { connected, openTestSocket, record } from '#server/test/sockets';

const EVENTS = ['test:said', 'test:typing', 'presence:changed', 'room:left', 'data:updated'];

/**
 * Members with a connected socket on a given app process, recording what they receive. The
 * caller disconnects `sockets` after its tests.
 */
export function realtimeClients(h: Harness, sockets: Socket[]) {
  async function connect(user: { id: string }, cookie: string, port: number) {
    const socket = openTestSocket(port, { cookie, origin: APP_URL });
    sockets.push(socket);
    const seen = record(socket, EVENTS);
    await connected(socket);
    return {
      user,
      cookie,
      socket,
      seen,
      /**
       * Proves that nothing sent before this point is still on its way: a signal emitted from
       * the test's process after the others arrives after them, over the same connection.
       */
      async drain() {
        const key = unique('drain');
        h.services.realtime.emitToUser(user.id, 'data:updated', { queryKeys: [[key]] });
        await seen.next('data:updated', (p: { queryKeys: string[][] }) => p.queryKeys[0]?.[0] === key);
      },
      join: (room: string) => emitWithAck(socket, roomJoin, { room }),
    };
  }

  return {
    connect,
    async member(port: number) {
      const user = await buildUser(h);
      return connect(user, await login(h, user.username), port);
    },
  };
}

export type RealtimeClient = Awaited<ReturnType<ReturnType<typeof realtimeClients>['member']>>;

/** A digest of every row of every table: equal before and after means nothing was written. */
export async function databaseDigest(h: Harness): Promise<string> {
  const db = h.app.database.db;
  const rows = async (q: ReturnType<typeof sql>) =>
    ((await db.execute(q)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const tables = await rows(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
  );
  const parts: string[] = [];
  for (const { table_name } of tables) {
    const [row] = await rows(
      sql`select count(*)::text || ':' || coalesce(md5(string_agg(t::text, ',' order by t::text)), '') as d from ${sql.identifier(String(table_name))} t`,
    );
    parts.push(`${String(table_name)}=${String(row?.d)}`);
  }
  return parts.join(';');
}
