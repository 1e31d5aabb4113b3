import type { DbOrTx } from '#server/db/client';
import { talentPrivacyRepo } from './talent-privacy.repo';

/** What gigs and the portfolio hold of a member, for "Download my data" (decision 020). */
export const exportTalent = (userId: string, db: DbOrTx) => talentPrivacyRepo.export(db, userId);

/**
 * Account erasure: gigs nobody was hired for go (with their bids), the member's bids that were
 * not accepted go, so do the invitations they received, and their name leaves the gigs' history. Gigs with a hired talent, accepted
 * bids and reviews stay as the other side's record, the member shown as "Former member"
 * (decision 013), as course reviews do.
 */
export const eraseTalent = (userId: string, db: DbOrTx): Promise<void> => talentPrivacyRepo.erase(db, userId);
