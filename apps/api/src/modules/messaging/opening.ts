import { MAX_CONVERSATIONS_PER_PERSON, type Conversation } from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { Executor } from '../../db/schema.ts';
import { AppError } from '../../lib/app-error.ts';
import type { AccessClaims } from '../../lib/access-claims.ts';
import { careSideOf } from '../../lib/care-side.ts';
import { newId } from '../../lib/ids.ts';
import { lockPerson } from '../../db/person-lock.ts';
import { violates } from '../../lib/unique-violation.ts';
import {
  countConversations,
  findPair,
  findPerson,
  insertConversation,
  type ConversationRow,
} from './repo.ts';

const noSuchPerson = () =>
  new AppError(404, 'not_found', 'You can message only your doctors or your patients.', {
    withUserId: 'Choose one of your doctors or patients.',
  });

const sidesOf = (claims: AccessClaims, otherId: string) =>
  careSideOf(claims.role) === 'patient'
    ? { patientId: claims.userId, doctorId: otherId }
    : { patientId: otherId, doctorId: claims.userId };

export interface OpeningDeps {
  db: Db;
  clock: () => Date;
  mayTalk: (patientId: string, doctorId: string) => Promise<boolean>;
  /** The conversation as the caller reads it. */
  view: (claims: AccessClaims, row: ConversationRow) => Promise<Conversation>;
}

/** Opening (or finding) the one conversation of a patient and a doctor who may talk. */
export function conversationOpening({ db, clock, mayTalk, view }: OpeningDeps) {
  /** Inside the opening transaction, after locking both people: the existing pair, or a new one within caps. */
  async function openWithin(trx: Executor, pair: { patientId: string; doctorId: string }) {
    await lockPerson(trx, db.dialect, pair.patientId);
    await lockPerson(trx, db.dialect, pair.doctorId);
    const existing = await findPair(trx, pair.patientId, pair.doctorId);
    if (existing) return { row: existing, created: false };
    for (const [userId, side] of [
      [pair.patientId, 'patient'],
      [pair.doctorId, 'doctor'],
    ] as const) {
      if ((await countConversations(trx, userId, side)) >= MAX_CONVERSATIONS_PER_PERSON) {
        throw new AppError(
          409,
          'too_many_conversations',
          `${side === 'patient' ? 'The patient' : 'The doctor'} already has ${MAX_CONVERSATIONS_PER_PERSON} conversations, the most Tend allows.`,
        );
      }
    }
    const now = clock().toISOString();
    const row: ConversationRow = {
      id: newId(),
      patient_id: pair.patientId,
      doctor_id: pair.doctorId,
      created_at: now,
      active_at: now,
    };
    await insertConversation(trx, row);
    return { row, created: true };
  }

  return async function open(
    claims: AccessClaims,
    withUserId: string,
  ): Promise<{ conversation: Conversation; created: boolean }> {
    const other = await findPerson(db.kysely, withUserId);
    if (!other || other.user_type === claims.role) throw noSuchPerson();
    const pair = sidesOf(claims, other.id);
    if (!(await mayTalk(pair.patientId, pair.doctorId))) throw noSuchPerson();
    let opened: { row: ConversationRow; created: boolean };
    try {
      opened = await db.kysely.transaction().execute((trx) => openWithin(trx, pair));
    } catch (error) {
      // SQLite has no row locks: two first openings can both find no pair; the unique key keeps one.
      if (!violates(error, { table: 'conversations', columns: ['patient_id', 'doctor_id'] }))
        throw error;
      const row = await findPair(db.kysely, pair.patientId, pair.doctorId);
      if (!row) throw error;
      opened = { row, created: false };
    }
    return { conversation: await view(claims, opened.row), created: opened.created };
  };
}
