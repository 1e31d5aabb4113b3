import type { DbOrTx } from '#server/db/client';
import { escrowRepo } from './escrow.repo';
import { talentPrivacyRepo } from './talent-privacy.repo';

/** What gigs and the portfolio hold of a member, for "Download my data" (decision 020), with their gigs' milestones. */
export const exportTalent = async (userId: string, db: DbOrTx) => ({
  ...(await talentPrivacyRepo.export(db, userId)),
  milestones: await escrowRepo.ofMember(db, userId),
});

/**
 * Account erasure: gigs nobody was hired for go (with their bids), the member's bids that were
 * not accepted go, so do the invitations they received, and their name leaves the gigs' history. Gigs with a hired talent, accepted
 * bids and reviews stay as the other side's record, the member shown as "Former member"
 * (decision 013), as course reviews do.
 */
export const eraseTalent = async (userId: string, db: DbOrTx): Promise<void> => {
  await talentPrivacyRepo.erase(db, userId);
  // Milestones stay with the money they moved (the ledger's sources); the member's dispute words go.
  await escrowRepo.eraseDisputes(db, userId);
};
