import type {
  PageRequest,
  PharmacyDetails,
  PharmacyList,
  PharmacyProfile,
  PharmacySummary,
} from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import {
  findPharmacy,
  insertPharmacy,
  isListedPharmacy,
  searchPharmacies,
  updatePharmacy,
  type PharmacyRow,
} from './repo.ts';

function toSummary(row: Omit<PharmacyRow, 'licence_number'>): PharmacySummary {
  return {
    _id: row.user_id,
    name: row.name,
    address: row.address,
    city: row.city,
    postcode: row.postcode,
    country: row.country,
    phone: row.phone,
    openinghours: row.opening_hours,
  };
}

/** The pharmacy's own view of its details, licence number included; undefined if it has none. */
export async function pharmacyProfileOf(
  db: Executor,
  userId: string,
): Promise<PharmacyProfile | undefined> {
  const row = await findPharmacy(db, userId);
  if (!row) return undefined;
  const { _id: _, ...summary } = toSummary(row);
  return { ...summary, licencenumber: row.licence_number };
}

export function createPharmacyService(db: Db) {
  return {
    /** The directory patients choose a pharmacy from; never the licence number. */
    async directory(
      filter: { q?: string | undefined; city?: string | undefined },
      page: PageRequest,
    ): Promise<PharmacyList> {
      const { rows, nextCursor } = await searchPharmacies(db.kysely, filter, page);
      return { pharmacies: rows.map(toSummary), nextCursor };
    },

    /** Whether a prescription may be sent to this id: a pharmacy the directory lists. */
    isListed: (id: string) => isListedPharmacy(db.kysely, id),

    // A pharmacy account's details, which the accounts module hands on (app.ts), each inside the
    // transaction of the registration or profile update that carries them.
    /** A new pharmacy's details, written with its registration. */
    saveDetails: (trx: Executor, userId: string, details: PharmacyDetails, now: Date) =>
      insertPharmacy(trx, userId, details, now),
    /** A pharmacy's changes to its details, written with its profile update. */
    changeDetails: (trx: Executor, userId: string, changes: Partial<PharmacyDetails>, now: Date) =>
      updatePharmacy(trx, userId, changes, now),
    /** Read for the pharmacy's own profile. */
    profileOf: pharmacyProfileOf,
  };
}

export type PharmacyService = ReturnType<typeof createPharmacyService>;
