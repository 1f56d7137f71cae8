import { z } from 'zod';

export const PAGE_LIMIT_DEFAULT = 50;
export const PAGE_LIMIT_MAX = 100;
/** Cursors are short keyset positions; anything longer was not made by the server. */
export const CURSOR_MAX_LENGTH = 512;

/** `?limit=&cursor=` of every list (DESIGN.md "The next capabilities"). */
export const pageQuerySchema = z.strictObject({
  limit: z.coerce
    .number({ error: `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}.` })
    .int(`limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}.`)
    .min(1, `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}.`)
    .max(PAGE_LIMIT_MAX, `limit must be a whole number from 1 to ${PAGE_LIMIT_MAX}.`)
    .default(PAGE_LIMIT_DEFAULT),
  cursor: z
    .string()
    .min(1, 'cursor must be the nextCursor of a previous page.')
    .max(CURSOR_MAX_LENGTH, 'cursor must be the nextCursor of a previous page.')
    .optional(),
});
export type PageQuery = z.input<typeof pageQuerySchema>;
export type PageRequest = z.output<typeof pageQuerySchema>;

/** Where the next page starts, or null on the last page. */
export const nextCursorSchema = z.string().nullable();

/** One page of a list: its items under `key` (`{ reports: [...] }`), and where the next page starts. */
export function pageSchema<Key extends string, Item extends z.ZodType>(key: Key, item: Item) {
  const shape = { [key]: z.array(item), nextCursor: nextCursorSchema };
  return z.object(shape as Record<Key, z.ZodArray<Item>> & { nextCursor: typeof nextCursorSchema });
}
