import { uuidv7 } from 'uuidv7';

/** Time-ordered ids keep inserts local in B-tree indexes on both databases. */
export function newId(): string {
  return uuidv7();
}
