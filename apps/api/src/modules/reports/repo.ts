import type { PageRequest } from '@tend/shared';
import { withPerson } from '../../db/people.ts';
import type { Executor, ReportsTable } from '../../db/schema.ts';
import { byCreation, pageOf, toPage } from '../../lib/pagination.ts';

/** A report with the names and picture dates of its patient and uploader. */
function reportsWithPeople(db: Executor) {
  const reports = db
    .selectFrom('reports')
    .select([
      'reports.id',
      'reports.patient_id',
      'reports.uploaded_by',
      'reports.file_id',
      'reports.title',
      'reports.filename',
      'reports.content_type',
      'reports.size',
      'reports.created_at',
    ]);
  const withPatient = withPerson(reports, 'patient', 'reports.patient_id');
  return withPerson(withPatient, 'uploader', 'reports.uploaded_by', {
    optional: true,
    extra: ['user_type'],
  });
}

export type ReportRow = Awaited<
  ReturnType<ReturnType<typeof reportsWithPeople>['executeTakeFirstOrThrow']>
>;

const newestFirst = byCreation('reports', 'desc');

export async function listReports(db: Executor, patientId: string, page: PageRequest) {
  const query = reportsWithPeople(db).where('reports.patient_id', '=', patientId);
  return toPage(await pageOf(query, newestFirst, page).execute(), page, newestFirst);
}

/**
 * The newest reports of every patient who shares with the doctor now. The page is chosen from the
 * doctor's links (care_links_doctor_idx) and each patient's keyset index alone, which SQLite reads
 * without touching a table; only the page's rows are then joined to names and pictures. Joining
 * them before choosing made every report of every linked patient pay four lookups (270 000 reports:
 * 139 ms against 1.7 ms on SQLite, measured).
 */
export async function listReportsOfDoctorsPatients(
  db: Executor,
  doctorId: string,
  page: PageRequest,
) {
  const picked = db
    .selectFrom('reports')
    .innerJoin('care_links', (join) =>
      join
        .onRef('care_links.patient_id', '=', 'reports.patient_id')
        .on('care_links.doctor_id', '=', doctorId),
    )
    .select(['reports.id', 'reports.created_at']);
  const ids = (await pageOf(picked, newestFirst, page).execute()).map((r) => r.id);
  if (ids.length === 0) return { rows: [], nextCursor: null };
  const rows = await reportsWithPeople(db)
    .where('reports.id', 'in', ids)
    .orderBy('reports.created_at', 'desc')
    .orderBy('reports.id', 'desc')
    .execute();
  return toPage(rows, page, newestFirst);
}

export function findReport(db: Executor, id: string) {
  return reportsWithPeople(db).where('reports.id', '=', id).executeTakeFirst();
}

export async function countReports(db: Executor, patientId: string): Promise<number> {
  const row = await db
    .selectFrom('reports')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('patient_id', '=', patientId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function insertReport(db: Executor, row: ReportsTable): Promise<void> {
  await db.insertInto('reports').values(row).execute();
}

export async function deleteReport(db: Executor, id: string): Promise<void> {
  await db.deleteFrom('reports').where('id', '=', id).execute();
}

/** Every report of one patient goes, returning the stored files that held their bytes. */
export async function deleteReportsOf(db: Executor, patientId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('reports')
    .select('file_id')
    .where('patient_id', '=', patientId)
    .execute();
  await db.deleteFrom('reports').where('patient_id', '=', patientId).execute();
  return rows.map((r) => r.file_id);
}
