import { eq, sql } from 'drizzle-orm';
import { transaction } from '#server/db/transaction';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD, createHarness, unique, type Harness } from '#server/test/harness';
import { as, actor, type Actor } from '../courses/testing/course-fixtures';
import { chatMember } from '../chat/testing/chat-clients';
import { buy } from '../payments/testing/payment-fixtures';
import { makeMentor, makePlan } from '../mentorship/testing/mentorship-fixtures';
import { pastSession } from '../mentorship/testing/review-fixtures';
import { bidInput, gigInput } from '../talent/testing/gig-fixtures';
import { createAudit } from '#server/lib/audit/audit';
import { adminAuditLog } from '#server/lib/audit/audit.table';
import { memberWithALife } from './testing/privacy-fixtures';
import { findEverywhere } from './testing/schema-walk';

/**
 * Issue 25: erasure is complete. A member writes a marker into everything others can read of
 * theirs (reviews, questions and answers, chat, a gig's proposal, delivery and review, a mentor
 * review), some of it copied into others' notifications and into mails not yet sent; after their
 * erasure the marker survives nowhere another member can read, nor in a waiting mail.
 */
let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const DAY = 86_400_000;

/** Where the marker may stay, and why: nothing here is shown to another member as the erased member's words. */
const KEPT = new Map([
  // The admins' report queue: evidence for decisions already taken (decision 050).
  ['reports.excerpt', 'report evidence, read by admins only'],
  ['reports.reason', 'report evidence, read by admins only'],
  // The conversation copied with a report (decision 054): kept on legitimate interest.
  ['reports.thread', 'report evidence, read by admins only'],
  // An admin's reason for an action, read by admins only; the member's name in it is replaced.
  ['admin_audit_log.reason', 'an admin’s own words, read by admins only'],
]);

async function writesEverywhere(mark: string) {
  const life = await memberWithALife(h);
  const { member, admin, shop } = life;
  const call = as(h, member);
  const words = (what: string) => `${what} ${mark}`;

  // A course review, and a question on a lesson the tutor answers (so it stays, retitled).
  expect(
    (await call('PUT', `/api/courses/${shop.courseId}/review`, { rating: 4, text: words('Clear lessons') })).statusCode,
  ).toBe(200);
  const asked = await call('POST', `/api/courses/${shop.courseId}/lessons/${shop.lessonIds[0]}/questions`, {
    title: words('Why this order'),
    body: words('Details:'),
  });
  expect(asked.statusCode, asked.body).toBe(201);
  const tutor = as(h, shop.tutor);
  const questionId = (asked.json() as { id: string }).id;
  expect(
    (await tutor('POST', `/api/courses/${shop.courseId}/questions/${questionId}/answers`, { body: 'Because.' }))
      .statusCode,
  ).toBe(201);
  // An answer of theirs to another learner's question.
  const peer = await actor(h);
  await buy(h, { buyer: peer, courseId: shop.courseId });
  const other = await as(h, peer)('POST', `/api/courses/${shop.courseId}/lessons/${shop.lessonIds[0]}/questions`, {
    title: 'What does step two mean?',
    body: 'I am lost at step two.',
  });
  expect(
    (
      await call('POST', `/api/courses/${shop.courseId}/questions/${(other.json() as { id: string }).id}/answers`, {
        body: words('It means'),
      })
    ).statusCode,
  ).toBe(201);

  // Chat: a message, copied into the other member's notification.
  const friend = await chatMember(h);
  const started = await call('POST', '/api/chat/conversations', { userId: friend.user.id });
  const conversationId = (started.json() as { id: string }).id;
  expect(
    (await call('POST', `/api/chat/conversations/${conversationId}/messages`, { body: words('My number is') }))
      .statusCode,
  ).toBe(201);

  // A gig they were hired for: proposal, delivery note and review, all words of theirs.
  const poster = await actor(h);
  const { gigs } = h.services;
  const gig = await gigs.create(poster.user, gigInput());
  const bid = await gigs.bid(
    member.user,
    gig.id,
    bidInput({ proposal: words('I would start with sketches, then two rounds of changes, then the files.') }),
  );
  await gigs.acceptBid(poster.user, bid.id);
  await gigs.deliver(member.user, gig.id, words('Here are the files'));
  await gigs.acceptDelivery(poster.user, gig.id);
  await gigs.review(member.user, gig.id, { rating: 5, text: words('A clear brief') });

  // A mentor review after a held session.
  const mentor = await makeMentor(h, admin);
  const plan = await makePlan(h, mentor, { priceMinor: 0 });
  const subscribed = await call('POST', `/api/mentor/plans/${plan.id}/subscribe`);
  expect(subscribed.statusCode, subscribed.body).toBe(201);
  await pastSession(h, mentor, member as Actor, (subscribed.json() as { id: string }).id);
  const reviewed = await call('POST', '/api/mentorship/reviews', {
    mentorId: mentor.user.id,
    rating: 5,
    text: words('Clear advice'),
  });
  expect(reviewed.statusCode, reviewed.body).toBe(201);

  // An admin's lines about them: a suspension whose reason quotes them by name, and its lift.
  const { members } = h.services.admin;
  await members.suspend(admin.user, member.user.id, {
    reason: `${member.user.fullName} (${member.user.email}) posted ${mark}`,
    restrictions: ['chat'],
    endsAt: null,
  });
  await members.unsuspend(admin.user, member.user.id, `Spoke with ${member.user.username}`);
  return { member };
}

describe('erasure of what a member wrote', () => {
  it('leaves the marker nowhere another member reads, nor in a mail not yet sent', async () => {
    const mark = unique('zqxmark').replace(/[^a-z0-9]/gi, '');
    const { member } = await writesEverywhere(mark);
    const db = h.app.database.db;
    // Copies exist before: the proof that the walk would see them.
    const before = await findEverywhere(db, [mark], { schemas: ['public', 'pgboss'] });
    expect(before.map((hit) => hit.column)).toEqual(
      expect.arrayContaining(['course_reviews.text', 'notifications.message', 'chat_messages.body']),
    );
    expect(before.some((hit) => hit.column.startsWith('pgboss.'))).toBe(true);

    expect((await as(h, member)('POST', '/api/user/delete', { password: PASSWORD })).statusCode).toBe(202);
    h.clock.advance(7 * DAY + 60_000);
    // Straight to the erasure, before any waiting mail goes: those must not go out afterwards.
    await h.services.privacy.erase(member.user.id);

    const left = await findEverywhere(db, [mark], { schemas: ['public', 'pgboss'] });
    expect(left.filter((hit) => !KEPT.has(hit.column))).toEqual([]);
    // The audit lines stay, about the id only.
    const person = [member.user.fullName, member.user.email, member.user.username];
    expect((await findEverywhere(db, person)).filter((hit) => hit.column.startsWith('admin_audit_log'))).toEqual([]);
    const lines = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, member.user.id));
    expect(lines.map((l) => l.action).sort()).toEqual(['member.suspend', 'member.unsuspend']);
    expect(lines.find((l) => l.action === 'member.suspend')!.reason).toBe(
      `Former member (Former member) posted ${mark}`,
    );
  });

  it('keeps the audit log append-only: erasure may blank values, nothing may rewrite who did what or delete a line', async () => {
    const admin = await actor(h, 'admin');
    const member = await actor(h);
    await h.services.admin.members.suspend(admin.user, member.user.id, {
      reason: 'Spam links',
      restrictions: ['chat'],
      endsAt: null,
    });
    const db = h.app.database.db;
    const line = sql`where target_id = ${member.user.id}`;
    await expect(db.execute(sql`update admin_audit_log set reason = null ${line}`)).rejects.toThrow();
    await expect(
      transaction(db, async (tx) => {
        await tx.execute(sql`select set_config('app.erasure', 'on', true)`);
        await tx.execute(sql`update admin_audit_log set action = 'member.rewritten' ${line}`);
      }),
    ).rejects.toThrow();
    await expect(
      transaction(db, async (tx) => {
        await tx.execute(sql`select set_config('app.erasure', 'on', true)`);
        await tx.execute(sql`delete from admin_audit_log ${line}`);
      }),
    ).rejects.toThrow();
    await transaction(db, (tx) => createAudit(db).eraseMember({ ...member.user }, tx));
    const [kept] = await db.select().from(adminAuditLog).where(eq(adminAuditLog.targetId, member.user.id));
    expect(kept).toMatchObject({ action: 'member.suspend', adminId: admin.user.id, reason: 'Spam links' });
    expect(kept!.after).toEqual({ restrictions: [], endsAt: null });
  });
});
