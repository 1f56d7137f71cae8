import { addDays, forecastSupply, localDate, type PrescriptionStatus } from '@tend/shared';
import type { Executor } from '../../db/schema.ts';
import { dosesTakenSince, findPatientForPlanning, suppliedMedicationsOf } from './repo.ts';
import { localInstant } from './schedule.ts';

/** A dispensed supply is followed up this many days before its last dose (DESIGN.md). */
export const RUN_OUT_NOTICE_DAYS = 7;

/** What the reminders need to know of a prescription's supply (the prescriptions module). */
export interface PrescriptionSupply {
  patientId: string;
  /** Units a dose takes. */
  doseAmount: number;
  medication: string;
  doctor: { firstname: string; lastname: string };
  /** As of now: an expired one reads as expired. */
  status: PrescriptionStatus;
  /** The patient asked already: a fill under way, a renewal waiting for or given by the doctor. */
  askedAgain: boolean;
  refillsLeft(): Promise<number>;
}

/** A prescription's supply as of `now`, in the caller's transaction; undefined if it is gone. */
export type SupplyOf = (
  trx: Executor,
  prescriptionId: string,
  now: Date,
) => Promise<PrescriptionSupply | undefined>;

export interface RunOutOutlook {
  /** The patient's local day of the last dose the supply covers (the earliest time of day's). */
  runsOutOn: string;
  /** The local day the reminder is due, and the instant (their morning reminder time) it goes. */
  remindOn: string;
  remindAt: Date;
  /** The patient's today. */
  today: string;
  /** Every unit handed over so far: a further dispensing changes it, and with it the reminder. */
  supplied: number;
}

/**
 * When a prescription's dispensed supply runs out, from the units handed over and the doses ticked
 * since (DESIGN.md: a dose not ticked leaves its units in the pack). Each time of day has its own
 * medication and share of the units; the first of them to run out decides. Null when nothing of
 * it is on the patient's list any more (ended, deleted) or not one dose is left.
 */
export async function runOutOutlook(
  trx: Executor,
  prescriptionId: string,
  supply: Pick<PrescriptionSupply, 'patientId' | 'doseAmount'>,
  now: Date,
  /**
   * Count every dose of today not ticked yet as still to come, not only those whose time is ahead.
   * The reminder itself goes at the day dose's time, when that dose is just due and not yet ticked:
   * counted as missed, it would push the run-out a day on, and the reminder with it, every day.
   */
  wholeToday = false,
): Promise<RunOutOutlook | null> {
  const patient = await findPatientForPlanning(trx, supply.patientId);
  if (!patient) return null;
  const { timezone: timeZone, remindertimes } = patient;
  const today = localDate(now, timeZone);
  const medications = (await suppliedMedicationsOf(trx, prescriptionId)).filter(
    (m) => m.enddate === null || m.enddate >= today,
  );
  if (medications.length === 0) return null;
  const firstSupplied = medications.reduce(
    (first, m) => (m.created_at < first ? m.created_at : first),
    medications[0]?.created_at ?? now.toISOString(),
  );
  const taken = await dosesTakenSince(
    trx,
    medications.map((m) => m.id),
    // A day early: the first supply's local day in a zone behind UTC may be the day before.
    addDays(firstSupplied.slice(0, 10), -1),
  );
  const amount = supply.doseAmount;
  let runsOutOn: string | null = null;
  for (const medication of medications) {
    const forecast = forecastSupply({
      unitsSupplied: medication.supply ?? 0,
      suppliedAt: new Date(medication.created_at),
      dose: { amount, timesofday: [medication.timefrequency] },
      slotTimes: remindertimes,
      taken: taken
        .filter((d) => d.medication_id === medication.id)
        .map((d) => ({ date: d.date, time: medication.timefrequency })),
      timeZone,
      now: wholeToday ? localInstant(today, '00:00', timeZone) : now,
    });
    if (forecast.runsOutOn === null) continue;
    if (runsOutOn === null || forecast.runsOutOn < runsOutOn) runsOutOn = forecast.runsOutOn;
  }
  if (runsOutOn === null) return null;
  const remindOn = addDays(runsOutOn, -RUN_OUT_NOTICE_DAYS);
  return {
    runsOutOn,
    remindOn,
    remindAt: localInstant(remindOn, remindertimes.day, timeZone),
    today,
    supplied: medications.reduce((sum, m) => sum + (m.supply ?? 0), 0),
  };
}
