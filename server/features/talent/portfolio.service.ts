import type { Db, DbOrTx } from '#server/db/client';
import { transaction } from '#server/db/transaction';
import { AppError } from '#server/lib/errors';
import type { TUser } from '#shared/accounts/accounts.schemas';
import { holdsRole } from '#shared/roles';
import {
  PORTFOLIO_ITEMS_MAX,
  ZPortfolioInput,
  type TPortfolioInput,
  type TPortfolioItem,
} from '#shared/talent/talent.schemas';
import type { UploadsService } from '../uploads';
import { portfolioRepo, type PortfolioItemRow } from './portfolio.repo';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A talent's portfolio items: title, description, link and up to 6 images of their own. */
export function createPortfolioService(deps: { db: Db; uploads: UploadsService; now: () => Date }) {
  const { db, uploads, now } = deps;

  async function present(rows: PortfolioItemRow[], tx: DbOrTx = db): Promise<TPortfolioItem[]> {
    const ids = rows.flatMap((r) => r.imageUploadIds);
    const images = ids.length > 0 ? await uploads.presentMany(ids, tx) : new Map();
    return rows.map((r) => ({
      id: r.id,
      title: r.title,
      description: r.description,
      link: r.link,
      images: r.imageUploadIds.map((id) => images.get(id)).filter((u): u is NonNullable<typeof u> => Boolean(u)),
      createdAt: r.createdAt.toISOString(),
    }));
  }

  return {
    async of(userId: string, tx: DbOrTx = db): Promise<TPortfolioItem[]> {
      return present(await portfolioRepo.of(tx, userId), tx);
    },

    async add(user: TUser, raw: TPortfolioInput): Promise<TPortfolioItem> {
      const input = ZPortfolioInput.parse(raw);
      if (!holdsRole(user, 'talent'))
        throw new AppError('FORBIDDEN', 'Take on the talent role on your profile to show a portfolio.');
      return transaction(db, async (tx) => {
        if ((await portfolioRepo.countOf(tx, user.id)) >= PORTFOLIO_ITEMS_MAX)
          throw new AppError('CONFLICT', `A portfolio holds at most ${PORTFOLIO_ITEMS_MAX} items: remove one first.`);
        if (input.imageUploadIds.length > 0)
          await uploads.requireOwned(user.id, input.imageUploadIds, 'image', 'imageUploadIds', tx);
        const row = await portfolioRepo.insert(tx, { userId: user.id, ...input, createdAt: now() });
        return (await present([row], tx))[0]!;
      });
    },

    async remove(user: TUser, id: string): Promise<void> {
      const removed = UUID.test(id) ? await portfolioRepo.remove(db, user.id, id) : [];
      if (removed.length === 0) throw new AppError('NOT_FOUND', 'Portfolio item not found.');
    },

    /** Garbage collection's question (decision 011): which of these uploads a portfolio shows. */
    async uploadsInUse(ids: string[], tx: DbOrTx = db): Promise<string[]> {
      if (ids.length === 0) return [];
      return portfolioRepo.uploadsInUse(tx, ids);
    },
  };
}

export type PortfolioService = ReturnType<typeof createPortfolioService>;
