import type { CaregiverArea, Language } from '@tend/shared';
import { recipientOf, type Recipient } from '../../db/people.ts';
import type { Executor } from '../../db/schema.ts';
import { DATE_LOCALES } from '../../i18n/texts.ts';
import { claimMissedDoseAlert, linksWithArea } from './alerts-repo.ts';
import type { CaregiverContext } from './context.ts';
import { missedDoseNotice } from './notices.ts';
import { areasOf, findById } from './repo.ts';

/** A caregiver who wants missed-dose alerts of a patient, and how long after the dose's time. */
export interface MissedDoseWatcher {
  linkId: string;
  delayMinutes: number;
}

/** A dose still unticked when a caregiver's delay ran out (the reminders module finds it). */
export interface MissedDose {
  linkId: string;
  patientId: string;
  medicationId: string;
  medication: string;
  /** The patient's calendar day of the dose. */
  day: string;
  /** The dose's reminder time, the instant. */
  doseAt: Date;
  /** Unique per alert: keys its email and pushes. */
  key: string;
}

/** "09:00": the dose's time as the caregiver reads it, in their zone and language. */
export function timeFor(instant: Date, reader: { timezone: string; language: Language }): string {
  return new Intl.DateTimeFormat(DATE_LOCALES[reader.language], {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: reader.timezone,
  }).format(instant);
}

/** What caregivers are told of their patients' doses, and who of them is told what. */
export function caregiverReach(ctx: CaregiverContext) {
  const { clock } = ctx;
  return {
    /** Who wants missed-dose alerts of this patient right now (accepted, `medications`, alerts on). */
    async missedDoseWatchers(trx: Executor, patientId: string): Promise<MissedDoseWatcher[]> {
      const links = await linksWithArea(trx, patientId, 'medications');
      return links
        .filter((link) => link.alert_missed_doses)
        .map((link) => ({ linkId: link.id, delayMinutes: link.alert_delay_minutes }));
    },

    /**
     * Tells the caregiver of a missed dose, once: only while the relation still gives
     * `medications` and they want alerts, and only the first time this relation and dose are
     * claimed (missed_dose_alerts' key), whatever the number of instances. False when nothing was sent.
     */
    async alertMissedDose(trx: Executor, dose: MissedDose): Promise<boolean> {
      const link = await findById(trx, dose.linkId);
      if (
        !link?.caregiver_id ||
        link.status !== 'active' ||
        link.patient_id !== dose.patientId ||
        !link.alert_missed_doses ||
        !areasOf(link.areas).includes('medications')
      ) {
        return false;
      }
      const claimed = await claimMissedDoseAlert(trx, {
        caregiver_link_id: link.id,
        medication_id: dose.medicationId,
        day: dose.day,
        sent_at: clock().toISOString(),
      });
      if (!claimed) return false;
      const carer = await recipientOf(trx, link.caregiver_id);
      const patient = await recipientOf(trx, link.patient_id);
      if (!carer || !patient) return false;
      const notice = missedDoseNotice(
        carer,
        {
          patient,
          medication: dose.medication,
          time: timeFor(dose.doseAt, carer),
          linkId: link.id,
          key: dose.key,
        },
        ctx.publicUrl,
        patient.id,
      );
      await ctx.tell(trx, carer, notice);
      return true;
    },

    /** The caregivers a patient gives this area right now, as notices reach them. */
    async caregiversWith(
      executor: Executor,
      patientId: string,
      area: CaregiverArea,
    ): Promise<Recipient[]> {
      const people: Recipient[] = [];
      for (const link of await linksWithArea(executor, patientId, area)) {
        const person = await recipientOf(executor, link.caregiver_id);
        if (person) people.push(person);
      }
      return people;
    },

    /** Only who they are: a live event needs no more. */
    async caregiverIdsWith(
      executor: Executor,
      patientId: string,
      area: CaregiverArea,
    ): Promise<string[]> {
      return (await linksWithArea(executor, patientId, area)).map((link) => link.caregiver_id);
    },
  };
}
