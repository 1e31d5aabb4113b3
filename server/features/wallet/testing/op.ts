import type fc from 'fast-check';
import type { World } from './wallet-world';

/**
 * One kind of thing that moves money: its parameters (fast-check draws them) and how it is done
 * through the services, recording in the world's model what it should have done. An operation
 * that does not apply at that moment (a refund with nothing refundable) does nothing.
 */
export interface Op<P extends object> {
  params: fc.Arbitrary<P>;
  /** How often it is drawn against the others. */
  weight: number;
  run(w: World, p: P): Promise<void>;
}

/** An operation in the table: its parameters' type is its own business. */
export const op = <P extends object>(o: Op<P>) => o as unknown as Op<Record<string, unknown>>;

export const pick = <T>(list: T[], n: number): T | undefined => (list.length ? list[n % list.length] : undefined);
