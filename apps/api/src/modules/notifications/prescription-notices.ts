import { fillName, type Language } from '@tend/shared';
import type { TFunction } from 'i18next';
import type { Executor } from '../../db/schema.ts';
import { textsFor } from '../../i18n/texts.ts';
import { newId } from '../../lib/ids.ts';
import type { Recipient as NoticeRecipient } from '../../db/people.ts';
import type { Reach } from './reach.ts';
import { findPeople, findRecipient } from './repo.ts';
import type { NewNotification } from './service.ts';
import type { PrescriptionNotice } from '../../lib/prescription-notice.ts';

export type { PrescriptionNotice };

export interface PrescriptionNoticeNeeds {
  notify: (trx: Executor, userId: string, message: NewNotification) => Promise<void>;
  /** Email and Web Push, for the notices a patient may also want outside Tend. */
  reach: Pick<Reach, 'outside' | 'everywhere'>;
  /** The caregivers a patient gives `prescriptions` (the caregivers module). */
  caregiversWith: (
    db: Executor,
    patientId: string,
    area: 'prescriptions',
  ) => Promise<NoticeRecipient[]>;
  publicUrl: string;
  /** A pharmacy's name in the directory (the pharmacies module). */
  pharmacyNameOf: (db: Executor, pharmacyId: string) => Promise<string | undefined>;
}

interface Notice {
  title: string;
  body: string;
  link: string;
}

const PATIENT_LINK = '/patient/prescriptions';

/**
 * Which fill a notice is about, as the patient's and the pharmacy's cards name it ("Refill 1 of
 * 2"). A fill step and a refill asked for always say which; the first fill is what is left.
 */
const fillWords = (notice: PrescriptionNotice, language: Language) =>
  fillName(notice.fill?.number ?? 1, notice.fill?.refills ?? 0, language);
/** The pharmacy's page of that one prescription, with its next step (the web's /pharmacy/prescriptions/:id). */
const pharmacyLink = (prescriptionId: string) =>
  `/pharmacy/prescriptions/${encodeURIComponent(prescriptionId)}`;

/**
 * A patient hears of a prescription their doctor wrote, cancelled or renewed (or would not), and of
 * every step its fill takes at the pharmacy; a pharmacy, of one a patient sent to it, a refill asked
 * of it, or one cancelled that was sent to it; a doctor, of a renewal asked of them. The pharmacy's
 * notices name the medication, not the patient: it reads who in Tend. The fill steps and renewal
 * answers also go to the patient by email and push when their notification settings chose them; a
 * fill ready or dispensed, to the patient's caregivers with `prescriptions` too.
 */
export function announcePrescriptions({
  notify,
  reach,
  publicUrl,
  pharmacyNameOf,
  caregiversWith,
}: PrescriptionNoticeNeeds) {
  /** In-app always; by email (to a confirmed address) and push as the person's settings say. */
  async function toPatientEverywhere(trx: Executor, patientId: string, notice: Notice) {
    await notify(trx, patientId, { kind: 'prescription', ...notice });
    const person = await findRecipient(trx, patientId);
    if (!person || person.disabled_at) return;
    const t = textsFor(person.language);
    // Each notice is its own message: a key of its own, so a retry of the job sends it once.
    const key = `prescription:${newId()}`;
    await reach.outside(trx, person, {
      key,
      kind: 'prescription',
      ...notice,
      tag: key,
      reminderId: null,
      email: {
        subject: notice.title,
        lines: [t('hello', { name: person.firstname }), notice.body],
        url: `${publicUrl}${notice.link}`,
        linkText: t('reminders.prescriptionsLink'),
      },
    });
  }

  /**
   * A fill ready to collect or handed over: the patient's caregivers with `prescriptions` are told
   * too (in-app, email and push as their own settings say), each in their language.
   */
  async function toCaregivers(
    trx: Executor,
    notice: PrescriptionNotice,
    step: 'ready' | 'dispensed',
  ) {
    const carers = await caregiversWith(trx, notice.patientId, 'prescriptions');
    if (carers.length === 0) return;
    const patient = (await findPeople(trx, [notice.patientId])).get(notice.patientId);
    if (!patient) return;
    const link = `${PATIENT_LINK}?patientId=${notice.patientId}`;
    const key = `caregiver-fill:${newId()}`;
    for (const carer of carers) {
      const t = textsFor(carer.language);
      const words = {
        patient: `${patient.firstname} ${patient.lastname}`,
        medication: notice.medication,
        fill: fillWords(notice, carer.language),
        pharmacy: await pharmacyName(trx, notice.pharmacyId, t),
      };
      const title = t(`caregivers.fill.${step}`, words);
      const body = t(`caregivers.fill.${step}Body`, words);
      await reach.everywhere(trx, carer, {
        key: `${key}:${carer.id}`,
        kind: 'caregiver',
        title,
        body,
        link,
        tag: `caregiver-fill:${notice.prescriptionId}`,
        reminderId: null,
        email: {
          subject: title,
          lines: [t('hello', { name: carer.firstname }), body],
          url: `${publicUrl}${link}`,
          linkText: t('caregivers.open'),
        },
      });
    }
  }

  /** The language of the person a notice goes to. */
  async function languageOf(trx: Executor, userId: string): Promise<Language> {
    return (await findPeople(trx, [userId])).get(userId)?.language ?? 'en';
  }

  /** The words of the person a notice goes to, in their language. */
  async function textsOf(trx: Executor, userId: string): Promise<TFunction> {
    return textsFor(await languageOf(trx, userId));
  }

  async function doctorName(trx: Executor, doctorId: string, t: TFunction) {
    const doctor = (await findPeople(trx, [doctorId])).get(doctorId);
    return doctor ? `Dr. ${doctor.firstname} ${doctor.lastname}` : t('notices.yourDoctor');
  }

  async function pharmacyName(trx: Executor, pharmacyId: string | null | undefined, t: TFunction) {
    const name = pharmacyId ? await pharmacyNameOf(trx, pharmacyId) : undefined;
    return name ?? t('notices.thePharmacy');
  }

  return async (trx: Executor, notice: PrescriptionNotice): Promise<void> => {
    const medication = notice.medication;
    switch (notice.change) {
      case 'sent':
      case 'refill_requested': {
        if (!notice.pharmacyId) return;
        const language = await languageOf(trx, notice.pharmacyId);
        const t = textsFor(language);
        const sent = notice.change === 'sent';
        await notify(trx, notice.pharmacyId, {
          kind: 'prescription',
          title: t(sent ? 'notices.prescription.received' : 'notices.prescription.refillRequested'),
          body: t(
            sent ? 'notices.prescription.receivedBody' : 'notices.prescription.refillRequestedBody',
            { medication, fill: fillWords(notice, language) },
          ),
          link: pharmacyLink(notice.prescriptionId),
        });
        return;
      }
      case 'written':
      case 'cancelled': {
        const t = await textsOf(trx, notice.patientId);
        const who = await doctorName(trx, notice.doctorId, t);
        const written = notice.change === 'written';
        await notify(trx, notice.patientId, {
          kind: 'prescription',
          title: t(written ? 'notices.prescription.written' : 'notices.prescription.cancelled'),
          body: t(
            written ? 'notices.prescription.writtenBody' : 'notices.prescription.cancelledBody',
            { who, medication },
          ),
          link: PATIENT_LINK,
        });
        if (!written && notice.pharmacyId) {
          const tp = await textsOf(trx, notice.pharmacyId);
          await notify(trx, notice.pharmacyId, {
            kind: 'prescription',
            title: tp('notices.prescription.cancelled'),
            body: tp('notices.prescription.cancelledPharmacyBody', { medication }),
            link: pharmacyLink(notice.prescriptionId),
          });
        }
        return;
      }
      case 'fill': {
        const language = await languageOf(trx, notice.patientId);
        const t = textsFor(language);
        const pharmacy = await pharmacyName(trx, notice.pharmacyId, t);
        const step = notice.fillStatus ?? 'preparing';
        await toPatientEverywhere(trx, notice.patientId, {
          title: t(`notices.prescription.${step}`),
          body: t(`notices.prescription.${step}Body`, {
            pharmacy,
            medication,
            fill: fillWords(notice, language),
            reason: notice.reason ?? t('notices.noReason'),
          }),
          link: PATIENT_LINK,
        });
        if (step === 'ready' || step === 'dispensed') await toCaregivers(trx, notice, step);
        return;
      }
      case 'renewal_requested': {
        const t = await textsOf(trx, notice.doctorId);
        const patient = (await findPeople(trx, [notice.patientId])).get(notice.patientId);
        const who = patient ? `${patient.firstname} ${patient.lastname}` : t('notices.aPatient');
        await notify(trx, notice.doctorId, {
          kind: 'prescription',
          title: t('notices.prescription.renewalRequested'),
          body: t('notices.prescription.renewalRequestedBody', { who, medication }),
          link: `/doctor/tracking-medication?patient=${notice.patientId}`,
        });
        return;
      }
      case 'renewal_approved':
      case 'renewal_refused': {
        const t = await textsOf(trx, notice.patientId);
        const who = await doctorName(trx, notice.doctorId, t);
        const approved = notice.change === 'renewal_approved';
        await toPatientEverywhere(trx, notice.patientId, {
          title: t(
            approved ? 'notices.prescription.renewed' : 'notices.prescription.renewalRefused',
          ),
          body: approved
            ? t('notices.prescription.renewedBody', { who, medication })
            : t('notices.prescription.renewalRefusedBody', {
                who,
                medication,
                reason: notice.reason ?? t('notices.noReason'),
              }),
          link: PATIENT_LINK,
        });
        return;
      }
    }
  };
}
