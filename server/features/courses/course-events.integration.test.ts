import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APP_URL, createHarness, type Harness } from '#server/test/harness';
import { connected, flush, openTestSocket } from '#server/test/sockets';
import { actor, as, makeCourse, type Actor } from './testing/course-fixtures';

/** Course events reach exactly those who may see the course, over real sockets. */
let h: Harness;
let port: number;
const sockets: Socket[] = [];

interface Listener {
  who: Actor;
  events: Array<[string, string]>;
}

async function listen(who: Actor): Promise<Listener> {
  const socket = openTestSocket(port, { cookie: who.cookie, origin: APP_URL });
  sockets.push(socket);
  const events: Array<[string, string]> = [];
  for (const name of ['course:created', 'course:updated', 'course:deleted']) {
    socket.on(name, (p: { resourceId: string }) => events.push([name, p.resourceId]));
  }
  await connected(socket);
  return { who, events };
}

const settle = () => Promise.all(sockets.map(flush));

let tutor: Listener;
let member: Listener;
let otherTutor: Listener;
let admin: Listener;
beforeAll(async () => {
  h = await createHarness();
  await h.app.listen({ port: 0, host: '127.0.0.1' });
  port = (h.app.server.address() as AddressInfo).port;
  tutor = await listen(await actor(h, 'tutor'));
  member = await listen(await actor(h, 'general'));
  otherTutor = await listen(await actor(h, 'tutor'));
  admin = await listen(await actor(h, 'admin'));
});
afterAll(async () => {
  sockets.forEach((s) => s.disconnect());
  await h.close();
});

const clear = () => [tutor, member, otherTutor, admin].forEach((l) => (l.events.length = 0));
const heard = (l: Listener, id: string) => l.events.filter(([, resourceId]) => resourceId === id).map(([name]) => name);

describe('course events', () => {
  it("tells only the tutor about a draft's changes", async () => {
    clear();
    const created = await as(h, tutor.who)('POST', '/api/courses', {
      title: 'Draft about soap making',
      summary: 'Cold process soap for a home business.',
      category: 'business',
      level: 'beginner',
    });
    const id = created.json().id;
    await as(h, tutor.who)('PATCH', `/api/courses/${id}`, { title: 'Draft about liquid soap' });
    await settle();
    expect(heard(tutor, id)).toEqual(['course:created', 'course:updated']);
    for (const other of [member, otherTutor, admin]) expect(heard(other, id)).toEqual([]);
  });

  it('adds the admins while in review, and everyone once published', async () => {
    const c = await makeCourse(h, tutor.who.user, { status: 'draft' });
    await settle();
    clear();
    await as(h, tutor.who)('POST', `/api/courses/${c.id}/submit`);
    await settle();
    expect([heard(tutor, c.id), heard(admin, c.id), heard(member, c.id), heard(otherTutor, c.id)]).toEqual([
      ['course:updated'],
      ['course:updated'],
      [],
      [],
    ]);

    await settle();
    clear();
    await as(h, admin.who)('POST', `/api/admin/courses/${c.id}/review`, { decision: 'approve' });
    await as(h, tutor.who)('PATCH', `/api/courses/${c.id}`, { summary: 'A summary for everyone to see.' });
    await settle();
    for (const l of [tutor, member, otherTutor, admin])
      expect(heard(l, c.id)).toEqual(['course:updated', 'course:updated']);
  });

  it('announces the deletion of a draft to its tutor only', async () => {
    const c = await makeCourse(h, tutor.who.user, { status: 'draft' });
    await settle();
    clear();
    await as(h, tutor.who)('DELETE', `/api/courses/${c.id}`);
    await settle();
    expect(heard(tutor, c.id)).toEqual(['course:deleted']);
    for (const other of [member, otherTutor, admin]) expect(heard(other, c.id)).toEqual([]);
  });
});
