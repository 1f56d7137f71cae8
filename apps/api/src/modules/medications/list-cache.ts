import type { Medication, PageRequest } from '@tend/shared';
import { keptAnswer } from '../../plugins/response-serializer.ts';

export interface ListPage {
  medications: Medication[];
  nextCursor: string | null;
}

/** Patients whose pages are kept; the least recently read go first. About 5 KB a page. */
const MAX_PATIENTS = 1000;
/** Pages kept per patient (first pages and a few "Load more"s, each on today's date). */
const MAX_PAGES_PER_PATIENT = 8;

/**
 * Pages of patients' own medication lists, each valid for one list version (users.medications_version,
 * which triggers change with every medication and dose write — migration 0014) and one day (which
 * dose is "today's"). A page is only ever served for the version and day it was read at, so a
 * change made on any instance, by any path, makes the next read go to the database: nothing here
 * can be stale, it can only be missing. docs/decisions/017.
 */
export function createListCache() {
  const patients = new Map<string, { version: number; pages: Map<string, ListPage> }>();
  const pageKey = (day: string, page: PageRequest) => `${day}|${page.limit}|${page.cursor ?? ''}`;

  return {
    get(patientId: string, version: number, day: string, page: PageRequest): ListPage | undefined {
      const entry = patients.get(patientId);
      if (!entry || entry.version !== version) return undefined;
      const found = entry.pages.get(pageKey(day, page));
      if (found) {
        // Most recently read last, so the first key is the one to drop.
        patients.delete(patientId);
        patients.set(patientId, entry);
      }
      return found;
    },

    /** `version` must have been read before the page's rows (so the rows are never older than it). */
    set(patientId: string, version: number, day: string, page: PageRequest, listed: ListPage) {
      let entry = patients.get(patientId);
      if (!entry || entry.version < version) {
        entry = { version, pages: new Map() };
      } else if (entry.version > version) {
        return;
      }
      patients.delete(patientId);
      patients.set(patientId, entry);
      if (entry.pages.size >= MAX_PAGES_PER_PATIENT) {
        entry.pages.delete(entry.pages.keys().next().value ?? '');
      }
      entry.pages.set(pageKey(day, page), keptAnswer(listed));
      if (patients.size > MAX_PATIENTS) patients.delete(patients.keys().next().value ?? '');
    },
  };
}
