import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestDatabase,
  rowCount,
  testDialects,
  type TestDatabase,
} from '../../test/helper.ts';
import { CHUNK_BYTES, createDatabaseFileStore, rechunk } from './database-file-store.ts';

/** Bytes that differ from position to position, so a chunk out of order would show. */
const pattern = (length: number) => Buffer.from(Array.from({ length }, (_, i) => (i * 31) % 251));

async function readAll(stream: AsyncIterable<Uint8Array>) {
  const pieces: Buffer[] = [];
  for await (const piece of stream) pieces.push(Buffer.from(piece));
  return Buffer.concat(pieces);
}

describe('rechunk', () => {
  it('cuts any pieces into whole chunks and a shorter last one', async () => {
    const pieces = [pattern(5), pattern(7), pattern(1), pattern(10)];
    const chunks: Uint8Array[] = [];
    for await (const chunk of rechunk(pieces, 8)) chunks.push(chunk);
    expect(chunks.map((c) => c.byteLength)).toEqual([8, 8, 7]);
    expect(Buffer.concat(chunks)).toEqual(Buffer.concat(pieces));
  });
});

describe.each(testDialects())('database file store on %s', (dialect) => {
  let t: TestDatabase;
  beforeEach(async () => {
    t = await createTestDatabase(dialect);
  });
  afterEach(() => t.cleanup());

  const chunkRows = () => rowCount(t.db, 'file_chunks');

  it('stores a stream in 256 KB rows and gives the same bytes back as a stream', async () => {
    const store = createDatabaseFileStore(t.db.kysely);
    const data = pattern(2 * CHUNK_BYTES + 1234);
    // Pieces of an awkward size, as a network or file stream hands them over.
    const pieces = Array.from({ length: Math.ceil(data.length / 65_000) }, (_, i) =>
      data.subarray(i * 65_000, (i + 1) * 65_000),
    );
    const stored = await t.db.kysely.transaction().execute((trx) => store.put(trx, pieces));
    expect(stored.size).toBe(data.length);
    expect(await chunkRows()).toBe(3);
    const got = await store.get(stored.id);
    expect(got?.size).toBe(data.length);
    expect(await readAll(got!.stream)).toEqual(data);
  });

  it('keeps nothing when the caller’s transaction fails', async () => {
    const store = createDatabaseFileStore(t.db.kysely);
    await expect(
      t.db.kysely.transaction().execute(async (trx) => {
        await store.put(trx, [pattern(1000)]);
        throw new Error('the caller changed its mind');
      }),
    ).rejects.toThrow('changed its mind');
    expect(await chunkRows()).toBe(0);
  });

  it('deletes the bytes, and answers null for a file that is not there', async () => {
    const store = createDatabaseFileStore(t.db.kysely);
    const stored = await t.db.kysely
      .transaction()
      .execute((trx) => store.put(trx, [pattern(CHUNK_BYTES + 1)]));
    await t.db.kysely.transaction().execute((trx) => store.delete(trx, stored.id));
    expect(await chunkRows()).toBe(0);
    expect(await store.get(stored.id)).toBeNull();
  });

  it('ends the stream with an error if the file is deleted while it is read', async () => {
    const store = createDatabaseFileStore(t.db.kysely);
    const stored = await t.db.kysely
      .transaction()
      .execute((trx) => store.put(trx, [pattern(2 * CHUNK_BYTES)]));
    const got = await store.get(stored.id);
    await t.db.kysely.transaction().execute((trx) => store.delete(trx, stored.id));
    await expect(readAll(got!.stream)).rejects.toThrow('stored file ended early');
  });
});
