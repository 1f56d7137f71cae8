import { existsSync, readFileSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import type { ValueKind } from './used-values.ts';

export interface UsedValue {
  kind: ValueKind;
  value: string;
}

// Shorter values ("mg") match ordinary log text even as whole words; every name the tests use is longer.
const MIN_LENGTH = 3;

export function readUsedValues(file: string): UsedValue[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as UsedValue);
}

/**
 * What the server stored is what the tests used, wherever a spec made it up: every account's email
 * and names and every medication's text, read from the e2e server's own SQLite file.
 */
export function storedValues(databaseFile: string): UsedValue[] {
  const db = new DatabaseSync(databaseFile, { readOnly: true });
  try {
    const values: UsedValue[] = [];
    for (const row of db.prepare('select email, firstname, lastname from users').all()) {
      values.push({ kind: 'email', value: String(row.email) });
      values.push({ kind: 'name', value: String(row.firstname) });
      values.push({ kind: 'name', value: String(row.lastname) });
    }
    const medications = db.prepare('select name, description, dosage, note from medications');
    for (const row of medications.all()) {
      for (const value of [row.name, row.description, row.dosage, row.note]) {
        if (typeof value === 'string') values.push({ kind: 'medication', value });
      }
    }
    return values;
  } finally {
    db.close();
  }
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The kinds of value found in the log, never the values themselves (the report must not leak them
 * again). A value counts as found only as a whole word, and also in its JSON-escaped form.
 */
export function leakedKinds(log: string, values: UsedValue[]): Map<ValueKind, number> {
  const leaked = new Map<ValueKind, number>();
  const seen = new Set<string>();
  for (const { kind, value } of values) {
    const trimmed = value.trim();
    if (trimmed.length < MIN_LENGTH || seen.has(`${kind}\0${trimmed}`)) continue;
    seen.add(`${kind}\0${trimmed}`);
    const forms = new Set([trimmed, JSON.stringify(trimmed).slice(1, -1)]);
    const found = [...forms].some((form) =>
      new RegExp(`(?<![\\p{L}\\p{N}])${escapeRegExp(form)}(?![\\p{L}\\p{N}])`, 'iu').test(log),
    );
    if (found) leaked.set(kind, (leaked.get(kind) ?? 0) + 1);
  }
  return leaked;
}
