import type { Db } from '../../db/database.ts';
import { keptWhileUnchanged } from '../../db/kept-while-unchanged.ts';

/** Exports kept at most: with MAX_KEPT_CHARS, 16 MB of text in the worst case. */
const MAX_KEPT = 32;
/** A larger export (report files carried inside) is written afresh each time: ~40 kB is usual. */
const MAX_KEPT_CHARS = 512 * 1024;
const MINUTE_MS = 60_000;

export interface WrittenExport {
  json: AsyncGenerator<string>;
  today: string;
}

/**
 * A patient's FHIR export written again from memory while the database is unchanged (decisions 035, 036): the
 * record, the clock's minute (what is past, current or expired) and Tend's address are all it
 * depends on, and writing it (every table of the record, the report files) cost ~10 ms. Kept while
 * it streams out, once whole and small; a kept copy carries the time it was assembled.
 */
export function keptExports(db: Pick<Db, 'changeStamp' | 'sharedChangeStamp'>) {
  const kept = keptWhileUnchanged<{ pieces: readonly string[]; today: string }>(db, MAX_KEPT);

  async function* replay(pieces: readonly string[]) {
    yield* pieces;
  }

  async function* keepWhileWriting(
    written: AsyncGenerator<string>,
    onWhole: (pieces: string[]) => void,
  ) {
    const pieces: string[] = [];
    let chars = 0;
    for await (const piece of written) {
      if (chars <= MAX_KEPT_CHARS) {
        pieces.push(piece);
        chars += piece.length;
      }
      yield piece;
    }
    if (chars <= MAX_KEPT_CHARS) onWhole(pieces);
  }

  return {
    /** The export of `patientId` at `now`: kept, or written by `write` and kept as it goes. */
    async exportOf(
      patientId: string,
      now: Date,
      write: () => Promise<WrittenExport>,
    ): Promise<WrittenExport> {
      const key = `${patientId}|${Math.floor(now.getTime() / MINUTE_MS)}`;
      // Taken before the record is read, so nothing kept under it is older than the database.
      const stamp = await kept.sharedStamp();
      const found = kept.get(key, stamp);
      if (found) return { json: replay(found.pieces), today: found.today };
      const fresh = await write();
      return {
        json: keepWhileWriting(fresh.json, (pieces) =>
          kept.set(key, { pieces, today: fresh.today }, stamp),
        ),
        today: fresh.today,
      };
    },
  };
}
