import { addDays, adherence, localDate, sumAdherence, type PageRequest } from '@tend/shared';
import { AppError } from '../../lib/app-error.ts';
import { owned, todayOf, type MedicationContext } from './context.ts';
import { adherenceRowsOf, listMedicationsOf, medicationsDuring, takenDatesOf } from './repo.ts';
import { TRACKING_HISTORY_DAYS, toTrackedMedication } from './tracking.ts';

const MAX_HISTORY_DAYS = 366;

/** What was taken: a medication's dose history, adherence, and a linked doctor's tracking page. */
export function historyService(ctx: MedicationContext) {
  const { db, clock } = ctx;

  return {
    async history(
      patientId: string,
      id: string,
      range: { from?: string | undefined; to?: string | undefined },
    ) {
      const medication = await owned(ctx, patientId, id);
      const to = range.to ?? (await todayOf(ctx, patientId));
      const from = range.from ?? addDays(to, -29);
      if (addDays(from, MAX_HISTORY_DAYS) <= to) {
        throw new AppError(
          400,
          'range_too_long',
          `Ask for at most ${MAX_HISTORY_DAYS} days at a time.`,
          {
            from: `At most ${MAX_HISTORY_DAYS} days at a time.`,
          },
        );
      }
      const rows = await db.kysely
        .selectFrom('doses')
        .select(['date', 'taken'])
        .where('medication_id', '=', medication.id)
        .where('date', '>=', from)
        .where('date', '<=', to)
        .orderBy('date', 'asc')
        .execute();
      return { from, to, doses: rows.map((r) => ({ date: r.date, taken: Boolean(r.taken) })) };
    },

    /** A linked doctor's view of one page (the caller has checked the link): today, adherence, the last days. */
    async trackingOf(patientId: string, page: PageRequest) {
      const day = await todayOf(ctx, patientId);
      const { rows, nextCursor } = await listMedicationsOf(db.kysely, patientId, day, page);
      const taken = await takenDatesOf(
        db.kysely,
        patientId,
        addDays(day, -(TRACKING_HISTORY_DAYS - 1)),
        day,
        rows.map((r) => r.id),
      );
      return {
        today: day,
        medications: rows.map((row) => toTrackedMedication(row, taken.get(row.id) ?? [], day)),
        nextCursor,
      };
    },

    /** Doses taken / due over the last `days` days, per medication running then and in total. */
    async adherenceOf(patientId: string, days: number) {
      const to = await todayOf(ctx, patientId);
      const from = addDays(to, -(days - 1));
      const rows = await medicationsDuring(db.kysely, patientId, from, to);
      const taken = await takenDatesOf(db.kysely, patientId, from, to);
      const medications = rows.map((row) => ({
        _id: row.id,
        name: row.name,
        timefrequency: row.timefrequency,
        adherence: adherence(row, taken.get(row.id) ?? [], from, to, to),
      }));
      return { from, to, total: sumAdherence(medications.map((m) => m.adherence)), medications };
    },

    /** adherenceOf's total for each of several patients (a page of a doctor's list), at once. */
    async adherenceTotalsOf(patientIds: string[], days: number) {
      const zones = new Map(
        (
          await db.kysely
            .selectFrom('users')
            .select(['id', 'timezone'])
            .where('id', 'in', patientIds.length > 0 ? patientIds : [''])
            .execute()
        ).map((u) => [u.id, u.timezone]),
      );
      const windows = new Map(
        patientIds.map((id) => {
          const to = localDate(clock(), zones.get(id) ?? 'UTC');
          return [id, { from: addDays(to, -(days - 1)), to }];
        }),
      );
      const spans = [...windows.values()];
      const { medications, taken } = await adherenceRowsOf(
        db.kysely,
        patientIds,
        spans.reduce((a, w) => (w.from < a ? w.from : a), spans[0]?.from ?? ''),
        spans.reduce((a, w) => (w.to > a ? w.to : a), spans[0]?.to ?? ''),
      );
      const figures = new Map<string, ReturnType<typeof adherence>[]>();
      for (const row of medications) {
        const w = windows.get(row.patient_id);
        if (!w || row.startdate > w.to || (row.enddate !== null && row.enddate < w.from)) continue;
        const list = figures.get(row.patient_id) ?? [];
        list.push(adherence(row, taken.get(row.id) ?? [], w.from, w.to, w.to));
        figures.set(row.patient_id, list);
      }
      return new Map(patientIds.map((id) => [id, sumAdherence(figures.get(id) ?? [])]));
    },
  };
}
