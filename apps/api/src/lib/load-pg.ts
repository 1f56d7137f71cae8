import { createRequire } from 'node:module';
import type pg from 'pg';

const require = createRequire(import.meta.url);

/**
 * The PostgreSQL driver, loaded the first time a PostgreSQL database is opened. A Tend on its
 * embedded SQLite (the default, and what a user with no server runs) never loads it: the driver
 * and its type parsers are about 1.5 MB of heap and a few more of resident memory at idle.
 * (`pg` is CommonJS, so it can be required where the synchronous `createDb` needs it.)
 */
export function loadPg(): typeof pg {
  return require('pg') as typeof pg;
}
