import type { AddressInfo } from 'node:net';
import type { Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REALTIME_TOPICS } from '#shared/realtime/topics';
import { APP_URL, buildUser, createHarness, login, type Harness } from '../test/harness';
import { connected, openTestSocket, record } from '../test/sockets';
import { isResourceRoom } from './resource-rooms';
import type { TRole } from '#shared/roles';
import { as } from '../features/courses/testing/course-fixtures';
import { employer, makeJob, seeker } from '../features/jobs/testing/job-fixtures';

/**
 * Decision 093: events about the public lists reach the sockets whose pages watch their topic.
 * "Not received" is read without waiting on the clock: a marker sent to the member after the
 * events arrives after them on the same socket, so what has not come by then was not sent.
 */
describe('realtime topics', () => {
  let h: Harness;
  let port: number;
  const sockets: Socket[] = [];
  const EVENTS = ['job:updated', 'gig:updated', 'course:created', 'mentor_plan:updated', 'data:updated'];

  beforeAll(async () => {
    h = await createHarness();
    await h.app.listen({ port: 0, host: '127.0.0.1' });
    port = (h.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    sockets.forEach((s) => s.disconnect());
    await h.close();
  });

  async function member(auth?: Record<string, unknown>, role: TRole = 'general') {
    const user = await buildUser(h, { role });
    const cookie = await login(h, user.username);
    const socket = openTestSocket(port, { cookie, origin: APP_URL }, auth);
    sockets.push(socket);
    const got = record(socket, EVENTS);
    await connected(socket);
    return { user, socket, got };
  }

  /** Sends one of each topic's events, then the marker to each member; resolves when every marker arrived. */
  async function broadcastAndMark(members: Array<Awaited<ReturnType<typeof member>>>, marker: string) {
    const realtime = h.services.realtime;
    realtime.emitToAll('job:updated', { resourceId: marker });
    realtime.emitToAll('gig:updated', { resourceId: marker });
    realtime.emitToAll('course:created', { resourceId: marker });
    realtime.emitToAll('mentor_plan:updated', { resourceId: marker, mentorId: marker });
    for (const m of members) realtime.emitToUser(m.user.id, 'data:updated', { queryKeys: [[marker]] });
    await Promise.all(
      members.map((m) => m.got.next('data:updated', (p: { queryKeys: string[][] }) => p.queryKeys[0]![0] === marker)),
    );
  }

  const receivedFor = (m: Awaited<ReturnType<typeof member>>, marker: string) =>
    EVENTS.filter((e) => e !== 'data:updated').filter((e) =>
      m.got.of(e).some((p) => (p as { resourceId: string }).resourceId === marker),
    );

  it('sends each topic to the sockets that name it at the handshake, and everything to those that name none', async () => {
    const jobs = await member({ topics: ['jobs'] });
    const tutorWatchingCourses = await member({ topics: ['courses', 'mentor-plans'] }, 'tutor');
    const chatPage = await member({ topics: [] });
    const before = await member();
    const malformed = await member({ topics: ['admin'] });
    await broadcastAndMark([jobs, tutorWatchingCourses, chatPage, before, malformed], 'first');

    expect(receivedFor(jobs, 'first')).toEqual(['job:updated']);
    expect(receivedFor(tutorWatchingCourses, 'first')).toEqual(['course:created', 'mentor_plan:updated']);
    expect(receivedFor(chatPage, 'first')).toEqual([]);
    const everything = ['job:updated', 'gig:updated', 'course:created', 'mentor_plan:updated'];
    expect(receivedFor(before, 'first')).toEqual(everything);
    // A handshake naming something that is not a topic reads as naming none: every topic.
    expect(receivedFor(malformed, 'first')).toEqual(everything);
  });

  it('replaces the set on topics:watch, and refuses a name that is not a topic', async () => {
    const m = await member({ topics: ['jobs'] });
    const ack = await m.socket.timeout(5_000).emitWithAck('topics:watch', { topics: ['gigs'] });
    expect(ack).toEqual({ ok: true, data: { topics: ['gigs'] } });
    await broadcastAndMark([m], 'second');
    expect(receivedFor(m, 'second')).toEqual(['gig:updated']);

    const refused = await m.socket.timeout(5_000).emitWithAck('topics:watch', { topics: ['jobs', 'payments'] });
    expect(refused).toMatchObject({ ok: false, code: 'VALIDATION_FAILED' });
    expect(typeof refused.error).toBe('string');
    await broadcastAndMark([m], 'third');
    expect(receivedFor(m, 'third')).toEqual(['gig:updated']);

    const all = await m.socket.timeout(5_000).emitWithAck('topics:watch', { topics: [...REALTIME_TOPICS] });
    expect(all.ok).toBe(true);
    await broadcastAndMark([m], 'fourth');
    expect(receivedFor(m, 'fourth')).toHaveLength(4);
  });

  it('keeps topic rooms out of room:join: only the handshake and topics:watch put a socket in them', async () => {
    const m = await member({ topics: [] });
    const ack = await m.socket.timeout(5_000).emitWithAck('room:join', { room: 'topic:jobs' });
    expect(ack.ok).toBe(false);
    // Not a resource room either: the room ledger does not record it, and a recheck keeps it.
    expect(isResourceRoom('topic:jobs')).toBe(false);
    await broadcastAndMark([m], 'fifth');
    expect(receivedFor(m, 'fifth')).toEqual([]);
  });

  it('sends an application to a job to those watching the jobs, not to a chat page', async () => {
    const job = await makeJob(h, await employer(h));
    const watching = await member({ topics: ['jobs'] });
    const chatPage = await member({ topics: [] });
    const applied = await as(h, await seeker(h))('POST', `/api/jobs/${job.id}/applications`, {});
    expect(applied.statusCode, applied.body).toBe(201);
    await watching.got.next('job:updated', (p: { resourceId: string }) => p.resourceId === job.id);
    h.services.realtime.emitToUser(chatPage.user.id, 'data:updated', { queryKeys: [['after-apply']] });
    await chatPage.got.next('data:updated', (p: { queryKeys: string[][] }) => p.queryKeys[0]![0] === 'after-apply');
    expect(chatPage.got.of('job:updated')).toEqual([]);
  });
});
