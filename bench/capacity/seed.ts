import { sql } from 'drizzle-orm';
import type { Db } from '#server/db/client';
import { chatRepo } from '#server/features/chat/chat.repo';
import { seedCatalogue } from '../courses';
import { seedBoard } from '../jobs';
import { seedMembers } from '../seed';
import { seedGigs, seedTalents } from '../talent';
import { conversationsFor, type Scale } from './model';

/** Courses with a section and a text lesson that the learning members are enrolled in. */
const LESSON_COURSES = 20;
/** Messages per background conversation: 5,000,000 messages in 100,000 conversations. */
const MESSAGES_EACH = 50;

/** What the simulated members need: who they are, and ids of things to open and act on. */
export interface Fixture {
  members: Array<{ cookie: string; userId: string }>;
  /** Conversation k of members 4k and 4k+1 (model.ts pairOf). */
  conversations: string[];
  jobIds: string[];
  gigIds: string[];
  courseIds: string[];
  talentIds: string[];
  /** The lesson each learning member plays, by course. */
  lessons: Array<{ courseId: string; lessonId: string }>;
}

/**
 * The platform at `scale` in a migrated, empty database, every table in a few
 * `INSERT ... SELECT generate_series` (the other benches' seeders, reused), then `active`
 * members with a live session each and a conversation per chatting pair (model.ts),
 * then VACUUM ANALYZE and a checkpoint so that no upkeep runs during the ramp.
 */
export async function seedCapacity(db: Db, scale: Scale, active: number, log: (s: string) => void): Promise<Fixture> {
  const timed = async (what: string, work: () => Promise<unknown>) => {
    const started = performance.now();
    await work();
    log(`    ${what}: ${((performance.now() - started) / 1_000).toFixed(1)} s`);
  };
  const { ids: owners } = await seedMembers(db, 3, 'cap-owner-');
  const [tutor, employer, poster] = owners as [string, string, string];
  await db.execute(sql`update users set role = 'tutor', roles = array['tutor'] where id = ${tutor}::uuid`);
  await db.execute(sql`update users set role = 'employer', roles = array['employer'] where id = ${employer}::uuid`);

  await timed(`${scale.courses} courses`, () => seedCatalogue(db, tutor, scale.courses));
  await timed(`${scale.jobs} jobs`, () => seedBoard(db, employer, scale.jobs));
  await timed(`${scale.gigs} gigs`, () => seedGigs(db, poster, scale.gigs));
  await timed(`${scale.talents} talents`, () => seedTalents(db, scale.talents));
  const others = Math.max(0, scale.members - scale.talents - active - 3);
  await timed(`${others} more members`, () =>
    db.execute(sql`
      insert into users (username, email, full_name, password_hash, role, email_verified, created_at)
      select 'cap-member-' || g, 'cap-member-' || g || '@example.com', 'Member ' || g, 'x', 'general', true,
             now() - g * interval '1 minute'
      from generate_series(1, ${others}::int) g`),
  );
  await timed(`${scale.notifications} notifications`, () => seedNotifications(db, scale.notifications));
  await timed(`${scale.messages} chat messages`, () => seedConversations(db, scale.messages));

  const { ids, cookies } = await seedMembers(db, active, 'cap-active-');
  const conversations: string[] = [];
  for (let k = 0; k < conversationsFor(active); k++)
    conversations.push((await chatRepo.insertConversation(db, ids[4 * k]!, ids[4 * k + 1]!, undefined))!.id);
  const lessons = await seedLessons(db, ids);

  const pick = async (q: ReturnType<typeof sql>) =>
    ((await db.execute(q)).rows as Array<{ id: string }>).map((r) => r.id);
  const fixture: Fixture = {
    members: ids.map((userId, i) => ({ userId, cookie: cookies[i]! })),
    conversations,
    jobIds: await pick(sql`select id from jobs order by posted_at desc limit 5000`),
    gigIds: await pick(sql`select id from gigs order by created_at desc limit 5000`),
    courseIds: await pick(sql`select id from courses order by published_at desc limit 200`),
    talentIds: await pick(sql`select user_id as id from talent_profiles limit 200`),
    lessons,
  };
  await timed('vacuum analyze', async () => {
    await db.execute(sql`vacuum analyze`);
    await db.execute(sql`checkpoint`);
  });
  return fixture;
}

/** `n` notifications over every member, one in ten unread, newest first by member. */
async function seedNotifications(db: Db, n: number) {
  await db.execute(sql`
    with m as (select id, (row_number() over (order by id))::int as k from users),
         c as (select count(*)::int as n from users)
    insert into notifications (user_id, type, title, message, link, is_read, created_at)
    select m.id, 'gig_posted', 'New gig ' || g, 'A gig matching your skills was posted: number ' || g, '/gigs',
           g % 10 <> 0, now() - g * interval '1 second'
    from generate_series(1, ${n}::int) g cross join c join m on m.k = 1 + g % c.n`);
}

/** Background conversations between neighbouring members, MESSAGES_EACH messages each. */
async function seedConversations(db: Db, messages: number) {
  const count = Math.max(1, Math.ceil(messages / MESSAGES_EACH));
  await db.execute(sql`
    with m as (select id, (row_number() over (order by id))::int as k from users where username like 'cap-member-%')
    insert into chat_conversations (user_a, user_b, created_at)
    select a.id, b.id, now() - interval '30 days'
    from m a join m b on b.k = a.k + 1 where a.k % 2 = 1 and a.k < ${2 * count}`);
  await db.execute(sql`
    insert into chat_members (conversation_id, user_id)
    select id, user_a from chat_conversations union all select id, user_b from chat_conversations`);
  await db.execute(sql`
    with c as (select id, user_a, user_b, (row_number() over (order by id))::int as k from chat_conversations),
         n as (select count(*)::int as n from chat_conversations)
    insert into chat_messages (conversation_id, sender_id, body, created_at)
    select c.id, case when g % 2 = 0 then c.user_a else c.user_b end, 'Message number ' || g || ', about the work.',
           now() - (${messages}::int - g) * interval '1 second'
    from generate_series(1, ${messages}::int) g cross join n join c on c.k = 1 + g % n.n`);
  await db.execute(sql`
    update chat_conversations c set last_message_id = x.last
    from (select conversation_id, max(id) as last from chat_messages group by conversation_id) x
    where x.conversation_id = c.id`);
  await db.execute(sql`
    update chat_members cm set last_read_id = c.last_message_id, last_delivered_id = c.last_message_id
    from chat_conversations c where c.id = cm.conversation_id and c.last_message_id is not null`);
}

/**
 * The newest LESSON_COURSES courses made free with one section and one text lesson, and each
 * active member enrolled in one of them (enrolment through the route would add a request the
 * model does not count).
 */
async function seedLessons(db: Db, members: string[]) {
  const rows = (
    await db.execute(sql`
      with c as (update courses set price_minor = 0, lesson_count = 1
                 where id in (select id from courses order by published_at desc limit ${LESSON_COURSES})
                 returning id),
           s as (insert into course_sections (course_id, title, position) select id, 'Start here', 0 from c
                 returning id, course_id)
      insert into lessons (course_id, section_id, title, kind, body, duration_seconds, position)
      select s.course_id, s.id, 'Reading', 'text', repeat('A paragraph of the lesson. ', 200), 600, 0 from s
      returning course_id as "courseId", id as "lessonId"`)
  ).rows as Array<{ courseId: string; lessonId: string }>;
  const memberList = sql.join(
    members.map((m) => sql`${m}::uuid`),
    sql`, `,
  );
  const courseList = sql.join(
    rows.map((r) => sql`${r.courseId}::uuid`),
    sql`, `,
  );
  await db.execute(sql`
    insert into enrolments (user_id, course_id)
    select m.u, (array[${courseList}])[1 + (m.i - 1) % ${rows.length}::int]
    from unnest(array[${memberList}]) with ordinality as m(u, i)`);
  return rows;
}
