import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import type { LooksOfRequests } from '../../plugins/kept-answers.ts';
import { auditEventsOfThisRequest, noteAuditEventsOf } from './looks-of-request.ts';
import type { AuditEventInput } from './repo.ts';
import { recordAudits } from './service.ts';

/**
 * The audit trail's side of the kept answers (plugins/kept-answers.ts): the looks a GET recorded,
 * kept with its answer and recorded again, from the new caller's address, each time it is given.
 */
export function looksOfRequests(db: Kysely<Database>): LooksOfRequests<AuditEventInput> {
  return {
    noteLooksOf: noteAuditEventsOf,
    looksOfThisRequest: auditEventsOfThisRequest,
    recordAgain: (looks, ip, now) =>
      recordAudits(
        db,
        looks.map((look) => ({ ...look, ip })),
        now,
      ),
  };
}
