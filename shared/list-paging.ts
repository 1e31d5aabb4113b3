import { z } from 'zod';

/**
 * Keyset paging for the searchable lists (decision 082): added beside `page`, which still works.
 * A list answers `nextCursor`; asking with `cursor=<it>` gives the page after, with every row
 * once even while rows are added (the cursor keeps the list as it was at the first page).
 */
export const ZListCursor = z
  .string()
  .min(1)
  .max(500)
  .optional()
  .meta({
    description:
      'Where the page starts: the `nextCursor` of the previous answer. Replaces `page`; the other parameters must stay the same.',
    examples: ['eyJ0b3AiOlsiMjAyNi0xMS0yOFQxMDowMDowMC4wMDAwMDBaIiwiOWYzYy4uLiJdLCJuIjoyMH0'],
  });

export const ZListPaging = z.object({
  /**
   * Matches beyond COUNT_CAP (10,000) are not counted: `total` is then 10,000 and this is true,
   * and kept for a minute (server/db/capped-counts.ts).
   */
  totalCapped: z.boolean().meta({
    description:
      'True when there are more than 10,000 matches: `total` is then 10,000, a floor. The same search is not counted again for a minute after, so this can be up to a minute old.',
    examples: [false],
  }),
  nextCursor: z
    .string()
    .nullable()
    .meta({
      description: 'Pass as `cursor` for the next page; null on the last page.',
      examples: ['eyJ0b3AiOlsiMjAyNi0xMS0yOFQxMDowMDowMC4wMDAwMDBaIiwiOWYzYy4uLiJdLCJuIjoyMH0'],
    }),
});
