import path from 'node:path';
import { DatabaseSync } from 'node:sqlite';

const HOUR_MS = 60 * 60 * 1000;

/**
 * Moves one appointment back in time so that it ended `hours` hours ago, keeping its length.
 *
 * Why the test touches the database: the server completes a visit only once it has started, and it
 * books only times still ahead, so a journey through booking → completing → reviewing would have to
 * wait days of real time. The e2e server runs on SQLite (<data dir>/tend.db, see
 * scripts/lib/tend-server.ts); the server keeps the file in WAL mode, so a second connection may
 * write beside it, waiting its turn through the busy timeout. Instants are ISO UTC text there, as the
 * server writes them.
 */
export function moveVisitIntoPast(appointmentId: string, hours: number): void {
  const dataDir = process.env.TEND_E2E_DATA_DIR;
  if (!dataDir) {
    throw new Error('TEND_E2E_DATA_DIR is not set: run the tests through playwright.config.ts');
  }
  const db = new DatabaseSync(path.join(dataDir, 'tend.db'), { timeout: 10_000 });
  try {
    const row = db
      .prepare('SELECT start_at, end_at FROM appointments WHERE id = ?')
      .get(appointmentId) as { start_at: string; end_at: string } | undefined;
    if (!row) throw new Error(`No appointment ${appointmentId} in the e2e database`);
    const length = Date.parse(row.end_at) - Date.parse(row.start_at);
    const end = Date.now() - hours * HOUR_MS;
    // The old start in the WHERE clause makes the move all or nothing should the row change meanwhile.
    const moved = db
      .prepare('UPDATE appointments SET start_at = ?, end_at = ? WHERE id = ? AND start_at = ?')
      .run(
        new Date(end - length).toISOString(),
        new Date(end).toISOString(),
        appointmentId,
        row.start_at,
      );
    if (Number(moved.changes) !== 1) {
      throw new Error(`Moving appointment ${appointmentId} changed ${moved.changes} rows, not 1`);
    }
  } finally {
    db.close();
  }
}
