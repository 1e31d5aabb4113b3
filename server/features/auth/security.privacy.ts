import type { DbOrTx } from '#server/db/client';
import { securityRepo } from './security.repo';

/**
 * Account security's part of the privacy rights (issue 11 item 5), for the privacy registry to
 * call in its export and erasure transactions (decision 019).
 */

/** Sessions (no secrets), consent records and the pending email change, as JSON-ready data. */
export const exportSecurity = (userId: string, tx: DbOrTx) => securityRepo.exportOf(tx, userId);

/**
 * Ends every session, drops the pending email change and its links, and keeps the consent
 * records as the legal record of what was accepted, stripped of address and browser: they then
 * point at the anonymised account only.
 */
export const eraseSecurity = (userId: string, tx: DbOrTx) => securityRepo.erase(tx, userId);
