import type { DbOrTx, Tx } from '#server/db/client';

/** Who is being erased, as they were just before: for erasers that blank copies of the name elsewhere. */
export interface ErasedPerson {
  id: string;
  username: string;
  email: string;
  fullName: string;
}

/** One area's part of "Download my data": becomes `<area>.json` in the ZIP. */
export type Exporter = (userId: string, tx: DbOrTx) => Promise<unknown>;
/** One area's part of erasure, inside the one erasure transaction; what it answers (counts, for its own tests) is not used. */
export type Eraser = (userId: string, tx: Tx, person: ErasedPerson) => Promise<unknown>;

/**
 * Every area registers what it holds of a member (decision 020): exporters and erasers, handed
 * over as its module's `privacy` contribution (privacy/index.ts). An area name is a file name in the export, so it is a
 * plain lower-case word; registering one twice is a mistake caught at start.
 */
export function createPrivacyRegistry() {
  const exporters = new Map<string, Exporter>();
  let erasers = new Map<string, Eraser>();
  const check = (area: string, map: Map<string, unknown>) => {
    if (!/^[a-z][a-z0-9-]*$/.test(area)) throw new Error(`privacy area "${area}" must be a lower-case word`);
    if (map.has(area)) throw new Error(`privacy area "${area}" registered twice`);
  };
  return {
    registerExporter(area: string, exporter: Exporter): void {
      check(area, exporters);
      exporters.set(area, exporter);
    },
    registerEraser(area: string, eraser: Eraser): void {
      check(area, erasers);
      erasers.set(area, eraser);
    },
    /**
     * One area's erasers, to run before those registered earlier: areas are built after what they
     * build on, so an area's rows (which may point at another's, a profile at its avatar upload)
     * go before the rows they point at.
     */
    registerErasersFirst(group: Array<[string, Eraser]>): void {
      for (const [area] of group) check(area, erasers);
      erasers = new Map([...group, ...erasers]);
    },
    exporters: () => [...exporters],
    erasers: () => [...erasers],
  };
}

export type PrivacyRegistry = ReturnType<typeof createPrivacyRegistry>;
