import { sql } from 'kysely';
import { loadConfig } from './config.ts';
import { createDb } from './db/database.ts';
import { fail, say } from './lib/terminal.ts';
import { verifyAuditChains } from './modules/audit/verify-chains.ts';

/** Exit codes: 0 every chain whole, 1 a chain broken, 2 not checked (usage, no database, too old). */
const BROKEN = 1;
const NOT_CHECKED = 2;
const CHAINS_MIGRATION = '0025-audit-hash-chain';

/**
 * `npm run audit:verify`: checks every person's chain of the access log (docs/decisions/045) and
 * names the first broken link of each broken one. Only reads; safe while Tend runs. Prints ids and
 * places, never what an event says.
 */
async function run() {
  const db = createDb(loadConfig().database);
  try {
    // Read-only, so it does not migrate: a database from before the chains is said to be one.
    const chained = await sql`select name from kysely_migration where name = ${CHAINS_MIGRATION}`
      .execute(db.kysely)
      .then((r) => r.rows.length > 0)
      .catch(() => false);
    if (!chained) {
      fail(
        'This database has no hash chains yet: run `npm run migrate` (or start this version of Tend) first.',
        NOT_CHECKED,
      );
    }
    const report = await verifyAuditChains(db);
    for (const f of report.findings) {
      say(
        `Broken: chain ${f.chainId || '(no person)'} at event ${String(f.seq)}` +
          `${f.eventId ? ` (id ${f.eventId})` : ''}: ${f.problem}.`,
      );
    }
    const counted = `${String(report.chains)} chains, ${String(report.events)} events`;
    if (report.findings.length > 0) {
      say(`${String(report.findings.length)} of ${counted}: broken.`);
      process.exitCode = BROKEN;
    } else {
      say(`The access log is whole: ${counted}, every link checked.`);
    }
  } finally {
    await db.close();
  }
}

if (process.argv.length > 2) fail('usage: npm run audit:verify', NOT_CHECKED);
run().catch((error: unknown) => fail(error, NOT_CHECKED));
