import type { Readable } from 'node:stream';
import type { Executor } from '../db/schema.ts';

/** Where a stored file's bytes come from: any stream or iterable of byte chunks. */
export type ByteSource = AsyncIterable<Uint8Array> | Iterable<Uint8Array>;

export interface StoredFile {
  id: string;
  size: number;
}

/**
 * The one place file bytes are kept. The database store writes inside the caller's transaction, so a
 * report and its bytes land (or vanish) together; an S3-compatible store would ignore `trx` for the bytes
 * and delete objects only after the caller's transaction commits.
 */
export interface FileStore {
  /** Streams the bytes in; the caller's transaction decides whether they stay. */
  put(trx: Executor, source: ByteSource): Promise<StoredFile>;
  /** The bytes as a stream, or null when there is no such file. */
  get(id: string): Promise<{ size: number; stream: Readable } | null>;
  delete(trx: Executor, id: string): Promise<void>;
  /** Several at once, e.g. every file of a deleted account. */
  deleteMany(trx: Executor, ids: readonly string[]): Promise<void>;
}
