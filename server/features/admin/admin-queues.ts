import type { Db, DbOrTx, Tx } from '#server/db/client';
import { transaction } from '#server/db/transaction';
import { AppError } from '#server/lib/errors';
import type { TUser } from '#shared/accounts/accounts.schemas';
import {
  ADMIN_PAGE_SIZE,
  type TClaim,
  type TQueueAction,
  type TQueueItem,
  type TQueueItems,
  type TQueueSummary,
} from '#shared/admin/admin.schemas';
import { adminQueuesRepo } from './admin-queues.repo';
import type { AuditValues } from '#server/lib/audit/audit';

/** A claim older than this lapses: an admin who opened an item and left does not hold it forever. */
export const CLAIM_MINUTES = 30;

/** One item as its area lists it; the console adds who holds it. */
export type QueueItem = Omit<TQueueItem, 'claim' | 'actions'>;

/**
 * One moderation queue, registered by the area that owns the items (decision 027):
 * an `adminQueues` contribution of that area's module (its `<f>-admin-queue.ts`).
 */
export interface AdminQueue {
  kind: string;
  label: string;
  /** Open items: one SQL count over an index. */
  count(tx: DbOrTx): Promise<number>;
  /** A page of open items, oldest first. */
  list(tx: DbOrTx, page: { limit: number; offset: number }): Promise<QueueItem[]>;
  /** The actions POST .../items/:id/actions takes; none when the area has its own screen for it. */
  actions?: readonly string[];
  /** Actions that need a fresh password confirmation (take down, suspend). */
  destructive?: readonly string[];
  /**
   * Applies one action in the console's transaction, as a conditional update: an item no longer
   * open answers CONFLICT. Answers the item's new status and the audit entry to write.
   */
  act?(
    admin: TUser,
    itemId: string,
    input: TQueueAction,
    tx: Tx,
  ): Promise<{ status: string; audit: Omit<AuditValues, 'actorId'> }>;
}

/** Courses to review first, then money, mentors, members' reports and appeals, flags, gig disputes. */
const QUEUE_ORDER = ['courses', 'refunds', 'mentors', 'reports', 'appeals', 'flagged-mentors', 'disputes'];
const rank = (kind: string) => (QUEUE_ORDER.includes(kind) ? QUEUE_ORDER.indexOf(kind) : QUEUE_ORDER.length);

export function createAdminQueues(deps: {
  db: Db;
  now: () => Date;
  audit: (tx: DbOrTx, v: AuditValues) => Promise<void>;
}) {
  const { db, now, audit } = deps;
  const queues = new Map<string, AdminQueue>();

  function get(kind: string): AdminQueue {
    const queue = queues.get(kind);
    if (!queue) throw new AppError('NOT_FOUND', 'There is no such queue.');
    return queue;
  }

  const fresh = () => new Date(now().getTime() - CLAIM_MINUTES * 60_000);

  /**
   * Takes the item for `admin` unless another admin holds a fresh claim: one conditional
   * upsert, so two admins opening it at once cannot both get it. Answers who holds it.
   */
  async function claim(tx: DbOrTx, kind: string, itemId: string, admin: TUser): Promise<TClaim> {
    const at = now();
    await adminQueuesRepo.claim(tx, { kind, itemId, adminId: admin.id, claimedAt: at }, fresh());
    const [holder] = await claimsOf(tx, kind, [itemId], admin.id);
    return holder!.claim;
  }

  async function claimsOf(tx: DbOrTx, kind: string, ids: string[], me: string) {
    if (!ids.length) return [];
    const rows = await adminQueuesRepo.claims(tx, kind, ids, fresh());
    return rows.map((r) => ({
      itemId: r.itemId,
      claim: {
        adminId: r.adminId,
        adminName: r.adminName,
        claimedAt: r.claimedAt.toISOString(),
        mine: r.adminId === me,
      },
    }));
  }

  /** The console's tabs in its own order (the first opens by default); a queue not listed here follows, in registration order. */
  const shown = () => [...queues.values()].sort((x, y) => rank(x.kind) - rank(y.kind));

  return {
    register(queue: AdminQueue): void {
      if (queues.has(queue.kind)) throw new Error(`admin queue ${queue.kind} is already registered`);
      queues.set(queue.kind, queue);
    },

    kinds: () => [...queues.keys()],

    async summaries(): Promise<TQueueSummary[]> {
      return Promise.all(shown().map(async (q) => ({ kind: q.kind, label: q.label, open: await q.count(db) })));
    },

    async list(kind: string, page: number, admin: TUser): Promise<TQueueItems> {
      const queue = get(kind);
      const [items, total] = await Promise.all([
        queue.list(db, { limit: ADMIN_PAGE_SIZE, offset: (page - 1) * ADMIN_PAGE_SIZE }),
        queue.count(db),
      ]);
      const claims = new Map(
        (
          await claimsOf(
            db,
            kind,
            items.map((i) => i.id),
            admin.id,
          )
        ).map((c) => [c.itemId, c.claim]),
      );
      return {
        kind,
        label: queue.label,
        items: items.map((i) => ({ ...i, actions: [...(queue.actions ?? [])], claim: claims.get(i.id) ?? null })),
        total,
        page,
        pageSize: ADMIN_PAGE_SIZE,
      };
    },

    /** Opening an item claims it (POST .../claim); answers who holds it, perhaps another admin. */
    claim: (kind: string, itemId: string, admin: TUser) => {
      get(kind);
      return claim(db, kind, itemId, admin);
    },

    isDestructive: (kind: string, action: string) => Boolean(queues.get(kind)?.destructive?.includes(action)),

    /**
     * Acts on an item: claims it (refused while another admin holds it), applies the action as
     * the area's conditional update, writes the audit entry and releases the claim, in one
     * transaction. Two admins acting at once: exactly one applies, the other gets 409.
     */
    async act(kind: string, itemId: string, admin: TUser, input: TQueueAction) {
      const queue = get(kind);
      if (!queue.act || !queue.actions?.includes(input.action)) {
        throw new AppError('VALIDATION_FAILED', 'This queue does not take that action.', {
          action: 'Not an action of this queue',
        });
      }
      return transaction(db, async (tx) => {
        const holder = await claim(tx, kind, itemId, admin);
        if (!holder.mine) throw new AppError('CONFLICT', `${holder.adminName} is already working on this item.`);
        const result = await queue.act!(admin, itemId, input, tx);
        await audit(tx, { ...result.audit, actorId: admin.id });
        await adminQueuesRepo.release(tx, kind, itemId);
        return { id: itemId, status: result.status };
      });
    },
  };
}

export type AdminQueues = ReturnType<typeof createAdminQueues>;
