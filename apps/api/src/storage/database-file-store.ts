import { Readable } from 'node:stream';
import type { Executor } from '../db/schema.ts';
import { newId } from '../lib/ids.ts';
import type { ByteSource, FileStore, StoredFile } from './file-store.ts';

/** Largest chunk row: small enough for any driver to move in one value, large enough to stay few rows. */
export const CHUNK_BYTES = 256 * 1024;

/** Cuts any byte stream into pieces of exactly CHUNK_BYTES (the last one shorter). */
export async function* rechunk(source: ByteSource, size = CHUNK_BYTES): AsyncGenerator<Uint8Array> {
  let pending: Uint8Array[] = [];
  let pendingBytes = 0;
  for await (const piece of source) {
    let offset = 0;
    while (offset < piece.byteLength) {
      const take = Math.min(size - pendingBytes, piece.byteLength - offset);
      pending.push(piece.subarray(offset, offset + take));
      pendingBytes += take;
      offset += take;
      if (pendingBytes === size) {
        yield pending.length === 1 && pending[0] ? pending[0] : Buffer.concat(pending);
        pending = [];
        pendingBytes = 0;
      }
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

/**
 * Files in the `files` and `file_chunks` tables, on SQLite and PostgreSQL alike. Writing inserts one
 * chunk row at a time and reading fetches one at a time, so at most one chunk per request is in memory.
 */
export function createDatabaseFileStore(db: Executor): FileStore {
  async function deleteMany(trx: Executor, ids: readonly string[]) {
    if (ids.length === 0) return;
    // Chunks go by the foreign key's cascade too; saying it here keeps SQLite without foreign keys honest.
    await trx.deleteFrom('file_chunks').where('file_id', 'in', ids).execute();
    await trx.deleteFrom('files').where('id', 'in', ids).execute();
  }

  return {
    async put(trx, source): Promise<StoredFile> {
      const id = newId();
      // The head row first, so the chunks' foreign key has something to point at.
      await trx
        .insertInto('files')
        .values({ id, size: 0, created_at: new Date().toISOString() })
        .execute();
      let seq = 0;
      let size = 0;
      for await (const chunk of rechunk(source)) {
        await trx.insertInto('file_chunks').values({ file_id: id, seq, data: chunk }).execute();
        seq += 1;
        size += chunk.byteLength;
      }
      await trx.updateTable('files').set({ size }).where('id', '=', id).execute();
      return { id, size };
    },

    async get(id) {
      const head = await db
        .selectFrom('files')
        .select(['size'])
        .where('id', '=', id)
        .executeTakeFirst();
      if (!head) return null;
      const { size } = head;
      async function* chunks() {
        let sent = 0;
        for (let seq = 0; sent < size; seq += 1) {
          const row = await db
            .selectFrom('file_chunks')
            .select('data')
            .where('file_id', '=', id)
            .where('seq', '=', seq)
            .executeTakeFirst();
          // Deleted while being read: end with an error rather than hand out a cut-off file as whole.
          if (!row) throw new Error('stored file ended early');
          sent += row.data.byteLength;
          yield Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength);
        }
      }
      return { size, stream: Readable.from(chunks(), { objectMode: false }) };
    },

    delete: (trx, id) => deleteMany(trx, [id]),
    deleteMany,
  };
}
