import type { TWallet, TWalletBucket } from '#shared/wallet/wallet.schemas';
import { PENDING_DAYS } from '#shared/wallet/wallet.schemas';

const DAY = 86_400_000;

export type PlatformAccount = 'platform_fees' | 'gateway_clearing' | 'payouts_in_flight';
type Buckets = Record<TWalletBucket, number>;

interface Sale {
  payeeId: string;
  grossMinor: number;
  feeMinor: number;
  paidAt: Date;
  /** What is still pending of the sale: what its clearing will make available. */
  pendingLeft: number;
  cleared: boolean;
}

/** A milestone paid into escrow: whose money it is, who earns it, and the fee fixed when it was paid. */
interface Escrowed {
  posterId: string;
  talentId: string;
  amountMinor: number;
  feeMinor: number;
}

interface InFlight {
  userId: string;
  amountMinor: number;
  fails: boolean;
}

/**
 * What the wallet should say, worked out the plain way for the ledger property test (decision
 * 059's table of postings): each member's four buckets and the platform's accounts, moved by
 * the operations the test performs. Platform accounts start at zero each run: they are compared
 * as what the run added to them. Gig escrow (decision 060) funds, releases and refunds milestones.
 */
export class WalletModel {
  readonly platform: Record<PlatformAccount, number> = { platform_fees: 0, gateway_clearing: 0, payouts_in_flight: 0 };
  private readonly members = new Map<string, Buckets>();
  private readonly sales = new Map<string, Sale>();
  private readonly inFlight = new Map<string, InFlight>();
  private readonly escrow = new Map<string, Escrowed>();

  /** Adds `delta` to a member's bucket. */
  move(userId: string, bucket: TWalletBucket, delta: number): void {
    const b = this.buckets(userId);
    b[bucket] += delta;
  }

  /** Money into a member's available: what they owe is paid back from it first (decision 065). */
  credit(userId: string, amountMinor: number): void {
    const b = this.buckets(userId);
    b.available += amountMinor;
    const back = Math.min(b.available, -b.owed);
    if (back <= 0) return;
    b.available -= back;
    b.owed += back;
  }

  wallet(userId: string): TWallet {
    const b = this.buckets(userId);
    return {
      currency: 'NGN',
      availableMinor: b.available,
      pendingMinor: b.pending,
      heldMinor: b.held,
      paidOutMinor: b.paid_out,
      owedMinor: -b.owed,
    };
  }

  available(userId: string): number {
    return this.buckets(userId).available;
  }

  /** A payment earned by `payeeId`: the fee to the platform, the rest pending. */
  sale(paymentId: string, payeeId: string, grossMinor: number, feeMinor: number, paidAt: Date): void {
    this.sales.set(paymentId, {
      payeeId,
      grossMinor,
      feeMinor,
      paidAt,
      pendingLeft: grossMinor - feeMinor,
      cleared: false,
    });
    this.platform.gateway_clearing -= grossMinor;
    this.platform.platform_fees += feeMinor;
    this.move(payeeId, 'pending', grossMinor - feeMinor);
  }

  /**
   * `amountMinor` of a payment went back to its buyer: its share of the fee, the rest from
   * pending, then available, and what those no longer hold becomes owed.
   */
  refund(paymentId: string, amountMinor: number): void {
    const s = this.sales.get(paymentId);
    if (!s) throw new Error(`model: no sale ${paymentId}`);
    const feePart = Math.round((amountMinor * s.feeMinor) / s.grossMinor);
    const share = amountMinor - feePart;
    const fromPending = Math.min(share, Math.max(0, s.pendingLeft));
    s.pendingLeft -= fromPending;
    this.platform.gateway_clearing += amountMinor;
    this.platform.platform_fees -= feePart;
    const fromAvailable = Math.min(share - fromPending, this.available(s.payeeId));
    this.move(s.payeeId, 'pending', -fromPending);
    this.move(s.payeeId, 'available', -fromAvailable);
    this.move(s.payeeId, 'owed', -(share - fromPending - fromAvailable));
  }

  /** Whether the payment's refund window is still open at `now` (as payments' policy says: up to 7 days, inclusive). */
  refundable(paymentId: string, now: Date): boolean {
    const s = this.sales.get(paymentId);
    return Boolean(s && now.getTime() <= s.paidAt.getTime() + PENDING_DAYS * DAY);
  }

  /** The sweep at `now`: sales whose window closed make what is left of them available. */
  clearDue(now: Date): void {
    for (const s of this.sales.values()) {
      if (s.cleared || s.paidAt.getTime() > now.getTime() - PENDING_DAYS * DAY) continue;
      s.cleared = true;
      this.move(s.payeeId, 'pending', -s.pendingLeft);
      this.credit(s.payeeId, s.pendingLeft);
      s.pendingLeft = 0;
    }
  }

  /** A milestone paid into escrow: the gateway's money sits in the poster's `held`. */
  fund(milestoneId: string, e: Escrowed): void {
    this.escrow.set(milestoneId, e);
    this.platform.gateway_clearing -= e.amountMinor;
    this.move(e.posterId, 'held', e.amountMinor);
  }

  /**
   * `part` of a milestone released (all of it, or an admin's split): it leaves the poster's
   * `held`, its share of the fee (rounded to the kobo) goes to the platform and the rest to the
   * talent's available at once, which pays back what they owe first.
   */
  release(milestoneId: string, part: number): void {
    const e = this.escrowed(milestoneId);
    const fee = Math.round((part * e.feeMinor) / e.amountMinor);
    this.move(e.posterId, 'held', -part);
    this.platform.platform_fees += fee;
    this.credit(e.talentId, part - fee);
  }

  /** `part` of a milestone refunded to the poster's payment: out of `held`, back through the gateway. */
  refundEscrow(milestoneId: string, part: number): void {
    const e = this.escrowed(milestoneId);
    this.move(e.posterId, 'held', -part);
    this.platform.gateway_clearing += part;
  }

  /** A withdrawal accepted: it leaves available for the platform's payouts in flight. */
  payoutRequested(payoutId: string, userId: string, amountMinor: number, fails: boolean): void {
    this.inFlight.set(payoutId, { userId, amountMinor, fails });
    this.move(userId, 'available', -amountMinor);
    this.platform.payouts_in_flight += amountMinor;
  }

  /** The send jobs ran: every payout in flight is paid out, or back in available when the bank refused it. */
  payoutsSent(): void {
    for (const p of this.inFlight.values()) {
      this.platform.payouts_in_flight -= p.amountMinor;
      if (p.fails) this.credit(p.userId, p.amountMinor);
      else this.move(p.userId, 'paid_out', p.amountMinor);
    }
    this.inFlight.clear();
  }

  private escrowed(milestoneId: string): Escrowed {
    const e = this.escrow.get(milestoneId);
    if (!e) throw new Error(`model: milestone ${milestoneId} was never funded`);
    return e;
  }

  private buckets(userId: string): Buckets {
    let b = this.members.get(userId);
    if (!b) {
      b = { pending: 0, available: 0, held: 0, paid_out: 0, owed: 0 };
      this.members.set(userId, b);
    }
    return b;
  }
}
