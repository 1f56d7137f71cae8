import type { PharmacyDetails, PharmacyProfile } from '@tend/shared';
import type { Executor } from '../../db/schema.ts';

/**
 * A pharmacy account's details (name, licence, address…), which the pharmacies module keeps; handed
 * in at composition (app.ts). Registration and profile updates write them in their own transaction.
 */
export interface PharmacyDetailsPort {
  saveDetails(trx: Executor, userId: string, details: PharmacyDetails, now: Date): Promise<void>;
  changeDetails(
    trx: Executor,
    userId: string,
    changes: Partial<PharmacyDetails>,
    now: Date,
  ): Promise<void>;
  /** The pharmacy's own view of its details; undefined if it has none. */
  profileOf(executor: Executor, userId: string): Promise<PharmacyProfile | undefined>;
}
