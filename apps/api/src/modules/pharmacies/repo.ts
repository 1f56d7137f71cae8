import type { PageRequest, PharmacyDetails } from '@tend/shared';
import type { Executor } from '../../db/schema.ts';
import { pageOf, textColumn, toPage, type KeysetOrder } from '../../lib/pagination.ts';

/**
 * The key a name or city is searched and sorted by (migration 0018): lower case without accents,
 * so "alamo" finds "Álamo" and it sorts among the a's, not after z.
 */
export const searchKey = (text: string) =>
  text.trim().normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * Past every string that starts with a prefix, in byte order: the largest code point. A prefix
 * search is then one index range, `key >= prefix and key < prefix + TOP`, on both databases.
 */
const TOP = '\u{10FFFF}';

const detailColumns = [
  'pharmacies.user_id',
  'pharmacies.name',
  'pharmacies.name_key',
  'pharmacies.address',
  'pharmacies.city',
  'pharmacies.postcode',
  'pharmacies.country',
  'pharmacies.phone',
  'pharmacies.opening_hours',
] as const;

const byName: KeysetOrder<{ name_key: string; user_id: string }> = {
  columns: [textColumn('pharmacies.name_key'), textColumn('pharmacies.user_id')],
  direction: 'asc',
  keyOf: (r) => [r.name_key, r.user_id],
};

/**
 * Active pharmacies by name: those whose name starts with `q` and, when given, in `city`. Within
 * a city the (city_key, name_key, user_id) index gives the page; otherwise (name_key, user_id).
 */
export async function searchPharmacies(
  db: Executor,
  filter: { q?: string | undefined; city?: string | undefined },
  page: PageRequest,
) {
  let query = db
    .selectFrom('pharmacies')
    .innerJoin('users', 'users.id', 'pharmacies.user_id')
    .select(detailColumns)
    .where('users.disabled_at', 'is', null);
  const prefix = filter.q ? searchKey(filter.q) : '';
  if (prefix) {
    query = query
      .where('pharmacies.name_key', '>=', prefix)
      .where('pharmacies.name_key', '<', prefix + TOP);
  }
  if (filter.city) query = query.where('pharmacies.city_key', '=', searchKey(filter.city));
  return toPage(await pageOf(query, byName, page).execute(), page, byName);
}

/** Whether the id is a pharmacy in the directory (a pharmacy account that is not disabled). */
export async function isListedPharmacy(db: Executor, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('pharmacies')
    .innerJoin('users', 'users.id', 'pharmacies.user_id')
    .select('pharmacies.user_id')
    .where('pharmacies.user_id', '=', id)
    .where('users.disabled_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export function findPharmacy(db: Executor, userId: string) {
  return db
    .selectFrom('pharmacies')
    .select([...detailColumns, 'pharmacies.licence_number'])
    .where('user_id', '=', userId)
    .executeTakeFirst();
}
export type PharmacyRow = NonNullable<Awaited<ReturnType<typeof findPharmacy>>>;

/** Column values of the details sent, with their search keys. */
function columnsOf(details: Partial<PharmacyDetails>) {
  return {
    ...(details.name !== undefined
      ? { name: details.name, name_key: searchKey(details.name) }
      : {}),
    ...(details.licencenumber !== undefined ? { licence_number: details.licencenumber } : {}),
    ...(details.address !== undefined ? { address: details.address } : {}),
    ...(details.city !== undefined
      ? { city: details.city, city_key: searchKey(details.city) }
      : {}),
    ...(details.postcode !== undefined ? { postcode: details.postcode } : {}),
    ...(details.country !== undefined ? { country: details.country } : {}),
    ...(details.phone !== undefined ? { phone: details.phone } : {}),
    ...(details.openinghours !== undefined ? { opening_hours: details.openinghours } : {}),
  };
}

export async function insertPharmacy(
  db: Executor,
  userId: string,
  details: PharmacyDetails,
  now: Date,
) {
  await db
    .insertInto('pharmacies')
    .values({
      user_id: userId,
      name: details.name,
      name_key: searchKey(details.name),
      licence_number: details.licencenumber,
      address: details.address,
      city: details.city,
      city_key: searchKey(details.city),
      postcode: details.postcode,
      country: details.country,
      phone: details.phone,
      opening_hours: details.openinghours,
      created_at: now.toISOString(),
      updated_at: now.toISOString(),
    })
    .execute();
}

export async function updatePharmacy(
  db: Executor,
  userId: string,
  changes: Partial<PharmacyDetails>,
  now: Date,
) {
  await db
    .updateTable('pharmacies')
    .set({ ...columnsOf(changes), updated_at: now.toISOString() })
    .where('user_id', '=', userId)
    .execute();
}
