import type {
  Annotation,
  MedicationRequest,
  MedicationStatement,
  Patient,
  Reference,
  Timing,
} from '@medplum/fhirtypes';
import { adherence, adherenceRate, type TimeFrequency } from '@tend/shared';
import { timesOfDay } from '../../lib/times-of-day.ts';
import type { Selectable } from 'kysely';
import type { MedicationsTable } from '../../db/schema.ts';

type MedicationRow = Selectable<MedicationsTable>;
import { urnOf, type Practitioners } from './people.ts';
import type { PrescriptionRow } from './repo.ts';

/** Tend's times of day as FHIR event timings (the "day" dose is a morning one by default). */
const WHEN = { day: 'MORN', afternoon: 'AFT', night: 'NIGHT' } as const;

function daily(times: TimeFrequency[]): Timing {
  return {
    repeat: {
      frequency: times.length,
      period: 1,
      periodUnit: 'd',
      when: times.map((t) => WHEN[t]),
    },
  };
}

export interface TakenDays {
  days: number;
  last: string | null;
}

/** "Ticked as taken on 24 of 30 due days (80%) from 2026-10-28 to 2026-11-26; last 2026-11-26." */
function adherenceNote(m: MedicationRow, taken: TakenDays | undefined, today: string) {
  const last = m.enddate !== null && m.enddate < today ? m.enddate : today;
  const figure = adherence(m, [], m.startdate, last, today);
  if (figure.due === 0) return 'No doses were due yet.';
  const days = Math.min(taken?.days ?? 0, figure.due);
  const rate = adherenceRate({ taken: days, due: figure.due }) ?? 0;
  const lastTaken = taken?.last ? `; last ticked ${taken.last}` : '';
  return `Doses ticked as taken on ${days} of ${figure.due} due days (${Math.round(rate * 100)}%) from ${m.startdate} to ${last}${lastTaken}.`;
}

/** A medication on the patient's list, with its dose adherence as a note. */
export function toMedicationStatement(
  m: MedicationRow,
  taken: TakenDays | undefined,
  patient: Reference<Patient>,
  today: string,
): MedicationStatement {
  const status =
    m.enddate !== null && m.enddate < today
      ? 'completed'
      : m.startdate > today
        ? 'intended'
        : 'active';
  const notes: Annotation[] = [m.description, m.note]
    .filter((text): text is string => Boolean(text))
    .map((text) => ({ text }));
  notes.push({ text: adherenceNote(m, taken, today), time: m.updated_at });
  return {
    resourceType: 'MedicationStatement',
    id: m.id,
    status,
    medicationCodeableConcept: { text: m.name },
    subject: patient,
    informationSource: patient,
    effectivePeriod: { start: m.startdate, ...(m.enddate ? { end: m.enddate } : {}) },
    dateAsserted: m.created_at,
    ...(m.prescription_id ? { derivedFrom: [{ reference: urnOf(m.prescription_id) }] } : {}),
    dosage: [{ ...(m.dosage ? { text: m.dosage } : {}), timing: daily([m.timefrequency]) }],
    note: notes,
  };
}

const REQUEST_STATUS = {
  active: 'active',
  completed: 'completed',
  cancelled: 'cancelled',
  expired: 'stopped',
} as const;

/**
 * A prescription. The note the doctor wrote for the pharmacist is left out: the patient never sees it,
 * and the file is the same whoever downloads it.
 */
export function toMedicationRequest(
  p: PrescriptionRow,
  patient: Reference<Patient>,
  practitioners: Practitioners,
  now: Date,
): MedicationRequest {
  const expired = p.status === 'active' && Date.parse(p.expires_at) <= now.getTime();
  const status = expired ? 'expired' : p.status;
  const times = timesOfDay(p.times_of_day);
  const amount = p.dose_amount_milli / 1000;
  const medication = `${p.medication_name} ${p.medication_strength} ${p.medication_form}`;
  const reason =
    status === 'cancelled'
      ? `Cancelled: ${p.cancel_reason ?? 'no reason given'}`
      : status === 'expired'
        ? `Expired after ${p.valid_until}`
        : undefined;
  return {
    resourceType: 'MedicationRequest',
    id: p.id,
    identifier: [{ type: { text: 'Verification code' }, value: p.code }],
    status: REQUEST_STATUS[status],
    ...(reason ? { statusReason: { text: reason } } : {}),
    intent: 'order',
    medicationCodeableConcept: { text: medication },
    subject: patient,
    authoredOn: p.created_at,
    requester: practitioners.reference(p.doctor_id, p.doctor_firstname, p.doctor_lastname),
    dosageInstruction: [
      {
        text: `${amount} ${p.dose_unit}, ${times.join(', ')}. ${p.instructions}`,
        patientInstruction: p.instructions,
        timing: daily(times),
        doseAndRate: [{ doseQuantity: { value: amount, unit: p.dose_unit } }],
      },
    ],
    dispenseRequest: {
      validityPeriod: { start: p.created_at, end: p.valid_until },
      numberOfRepeatsAllowed: p.refills,
      quantity: { value: p.quantity, unit: p.medication_form },
    },
  };
}
