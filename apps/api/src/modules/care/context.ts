import type {
  AdherenceFigure,
  DoctorCard,
  DoctorSummary,
  MeasurementKind,
  PageRequest,
  TrackMedications,
} from '@tend/shared';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import { avatarUrl } from '../../lib/avatar-url.ts';
import { avatarDates, type findDoctor } from './repo.ts';

/** What a directory card adds to a doctor (reviews, next free slot). */
export type DirectoryStats = Omit<DoctorCard, keyof DoctorSummary>;

/** What care asks of other modules, handed in at composition (app.ts). */
export interface CareNeeds {
  /** Medications: a linked doctor's view of one page of the patient's medications. */
  trackingOf(patientId: string, page: PageRequest): Promise<Omit<TrackMedications, 'patient'>>;
  /** Medications: doses taken / due over the last `days` days, for each patient. */
  adherenceTotalsOf(patientIds: string[], days: number): Promise<Map<string, AdherenceFigure>>;
  /** Appointments: each doctor's reviews and next free slot. */
  directoryStatsOf(doctorIds: string[]): Promise<Map<string, DirectoryStats>>;
  /** Measurements: for each patient, the kinds with a recent reading outside this doctor's targets. */
  outsideTargetsOf(
    doctorId: string,
    patientIds: string[],
    now: Date,
  ): Promise<Map<string, MeasurementKind[]>>;
}

export interface CareContext {
  db: Db;
  clock: () => Date;
  needs: CareNeeds;
  /** The clinic's currency (config CLINIC_CURRENCY): doctors' fees are in it. */
  currency: string;
}

/** What a caller who may not reach the named patient is told (also by the routes' gates). */
export const noSuchPatient = () =>
  new AppError(404, 'not_found', 'There is no such patient among those who share with you.');

type DoctorRow = NonNullable<Awaited<ReturnType<typeof findDoctor>>>;

/** The dates of these people's pictures (their picture addresses change with them). */
export async function avatarsOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  return new Map((await avatarDates(db.kysely, ids)).map((a) => [a.user_id, a.updated_at]));
}

export function doctorSummary(
  row: Omit<DoctorRow, 'id'> & { id: string },
  avatars: Map<string, string>,
  currency: string,
): DoctorSummary {
  return {
    _id: row.id,
    firstname: row.firstname,
    lastname: row.lastname,
    avatarUrl: avatarUrl(row.id, avatars.get(row.id)),
    specialty: row.specialty,
    location: row.location,
    yearsofexperience: row.years_of_experience,
    consultationfee: row.consultation_fee_cents === null ? null : row.consultation_fee_cents / 100,
    currency,
    bio: row.bio,
  };
}
