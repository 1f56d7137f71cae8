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
import { claimBreachNotice, targetsForKind } from './repo.ts';
import { withinTarget } from './view.ts';

interface StoredReading {
  kind: MeasurementKind;
  value: number;
  value2: number | null;
  taken_at: string;
}

interface DoctorTarget {
  low: number | null;
  high: number | null;
  doctor_language: Parameters<typeof textsFor>[0];
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
  const range = [
    target.low !== null
      ? t('notices.measurement.from', {
          value: formatMeasurement(target.low, CANONICAL_UNIT[kind]),
        })
      : '',
    target.high !== null
      ? t('notices.measurement.upTo', {
          value: formatMeasurement(target.high, CANONICAL_UNIT[kind]),
        })
      : '',
  ]
    .filter(Boolean)
    .join(' ');
  const label = t(`notices.measurement.kinds.${kind}`);
  return {
    kind: 'measurement',
    title: t('notices.measurement.title', { kind: label }),
    body: t('notices.measurement.body', {
      name,
      kind: label.toLowerCase(),
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
        (r) =>
          r.kind === kind && Date.parse(r.taken_at) >= recent && !withinTarget(r.value, target),
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
