import {
  CANONICAL_UNIT,
  formatMeasurement,
  localDate,
  roundTo,
  type MeasurementKind,
} from '@tend/shared';
import type { Executor } from '../../db/schema.ts';
import { timeZoneOf } from '../../db/time-zone.ts';
import { textsFor } from '../../i18n/texts.ts';
import {
  DAY_MS,
  OUTSIDE_TARGET_DAYS,
  type MeasurementContext,
  type MeasurementNotice,
} from './context.ts';
import { claimBreachNotice, targetsForKind, type TargetEnds } from './repo.ts';
import { withinTarget } from './view.ts';

interface StoredReading {
  kind: MeasurementKind;
  value: number;
  value2: number | null;
  taken_at: string;
}

interface DoctorTarget extends TargetEnds {
  doctor_language: Parameters<typeof textsFor>[0];
}

type Texts = ReturnType<typeof textsFor>;

/** "from 50 beats/min up to 100 beats/min": one pair of ends, an absent end left unsaid. */
function endsInWords(t: Texts, kind: MeasurementKind, low: number | null, high: number | null) {
  const shown = (value: number) => formatMeasurement(value, CANONICAL_UNIT[kind]);
  return [
    low !== null ? t('notices.measurement.from', { value: shown(low) }) : '',
    high !== null ? t('notices.measurement.upTo', { value: shown(high) }) : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/** The target's range; for blood pressure each number's own range, a number left open unsaid. */
function rangeInWords(t: Texts, kind: MeasurementKind, target: TargetEnds): string {
  const systolic = endsInWords(t, kind, target.low, target.high);
  if (kind !== 'bloodpressure') return systolic;
  const diastolic = endsInWords(t, kind, target.diastolic_low, target.diastolic_high);
  return [
    systolic ? t('notices.measurement.systolic', { range: systolic }) : '',
    diastolic ? t('notices.measurement.diastolic', { range: diastolic }) : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** The notice to a doctor, in their language, of `patientId`'s reading outside their target. */
function breachNotice(
  patient: { name: string | null; id: string },
  reading: StoredReading,
  target: DoctorTarget,
): MeasurementNotice {
  const { kind } = reading;
  const t = textsFor(target.doctor_language);
  const name = patient.name ?? t('notices.aPatient');
  const shown =
    kind === 'bloodpressure'
      ? `${roundTo(reading.value, 0)}/${roundTo(reading.value2 ?? 0, 0)} mmHg`
      : formatMeasurement(reading.value, CANONICAL_UNIT[kind]);
  const range = rangeInWords(t, kind, target);
  const label = t(`notices.measurement.kinds.${kind}`);
  return {
    kind: 'measurement',
    title: t('notices.measurement.title', { kind: label }),
    body: t('notices.measurement.body', {
      name,
      // Not the label lowercased: "SpO2" keeps its capitals in a sentence.
      kind: t(`notices.measurement.kindsInSentence.${kind}`),
      shown,
      range,
    }),
    link: `/doctor/tracking-medication?patient=${patient.id}`,
  };
}

/** Tells each doctor whose target this reading lies outside, once per patient, kind and day. */
export async function noticeBreaches(
  { clock, notify }: MeasurementContext,
  trx: Executor,
  patientId: string,
  readings: StoredReading[],
): Promise<void> {
  const now = clock();
  const recent = now.getTime() - OUTSIDE_TARGET_DAYS * DAY_MS;
  const kinds = [...new Set(readings.map((r) => r.kind))];
  if (kinds.length === 0) return;
  const zone = await timeZoneOf(trx, patientId);
  const day = localDate(now, zone);
  const patient = await trx
    .selectFrom('users')
    .select(['firstname', 'lastname'])
    .where('id', '=', patientId)
    .executeTakeFirst();
  const name = patient ? `${patient.firstname} ${patient.lastname}` : null;
  for (const kind of kinds) {
    const targets = await targetsForKind(trx, patientId, kind);
    for (const target of targets) {
      const outside = readings.find(
        (r) => r.kind === kind && Date.parse(r.taken_at) >= recent && !withinTarget(r, target),
      );
      if (!outside) continue;
      const claimed = await claimBreachNotice(
        trx,
        { doctor_id: target.doctor_id, patient_id: patientId, kind, day },
        now.toISOString(),
      );
      if (!claimed) continue;
      await notify(trx, target.doctor_id, breachNotice({ name, id: patientId }, outside, target));
    }
  }
}
