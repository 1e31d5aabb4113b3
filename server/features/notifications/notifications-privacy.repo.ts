import { and, eq, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '#server/db/client';
import { memberRows } from '#server/db/member-rows';
import { notificationPreferences, notifications } from './notifications.table';

/** What a notice that quoted an erased member says instead. */
export const ERASED_WORDS = 'The member who did this deleted their account, so what they wrote was removed.';

/** A member's notifications and mail preferences, for their export and erasure (decision 020). */
export const notificationsPrivacyRepo = {
  async export(db: DbOrTx, userId: string) {
    const list = await memberRows(db, notifications, notifications.userId, userId, [
      'type',
      'title',
      'message',
      'link',
      'isRead',
      'createdAt',
    ]);
    const preferences = await memberRows(db, notificationPreferences, notificationPreferences.userId, userId, [
      'type',
      'email',
      'inApp',
    ]);
    return { notifications: list, preferences };
  },

  /**
   * Their own notifications go. Others' notices were written naming the member as anyone saw
   * them then ("… bought your course"): that name becomes "Former member" (decision 013). A notice
   * of something they did may quote them ("New message from …: <their words>"): its message is
   * replaced, its title keeps only the name's replacement (decision 050).
   */
  async erase(db: DbOrTx, userId: string, fullName: string): Promise<void> {
    await db.delete(notifications).where(eq(notifications.userId, userId));
    await db.delete(notificationPreferences).where(eq(notificationPreferences.userId, userId));
    await db
      .update(notifications)
      .set({ message: ERASED_WORDS, actorId: null })
      .where(eq(notifications.actorId, userId));
    const named = `%${fullName.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    await db
      .update(notifications)
      .set({
        title: sql`replace(${notifications.title}, ${fullName}, 'Former member')`,
        message: sql`replace(${notifications.message}, ${fullName}, 'Former member')`,
      })
      .where(
        and(
          ne(notifications.userId, userId),
          or(sql`${notifications.title} like ${named}`, sql`${notifications.message} like ${named}`),
        ),
      );
  },
};
