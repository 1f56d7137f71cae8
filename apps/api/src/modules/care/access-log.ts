import type { PageRequest, PersonSummary } from '@tend/shared';
import type { Db } from '../../db/database.ts';
import type { OnBehalfArea } from '../../lib/acting-for.ts';
import { avatarUrl } from '../../lib/avatar-url.ts';
import { accessToPatient } from '../audit/service.ts';
import { avatarsOf } from './context.ts';
import { findPersonName } from './repo.ts';

/** What the gate writes for each request of a caregiver on a patient's behalf (plugins/gates.ts). */
type CaregiverEvent = `caregiver.${OnBehalfArea}.${'viewed' | 'changed'}`;

/**
 * A caregiver's look or action, for each area and kind, so none is ever shown as its bare code
 * (the patient reads them after the caregiver's name: "Ana Silva looked at your …").
 */
const CAREGIVER_WORDS: Record<CaregiverEvent, string> = {
  'caregiver.medications.viewed': 'Looked at your medications and doses, as your caregiver',
  'caregiver.medications.changed': 'Changed your medications for you, as your caregiver',
  'caregiver.doses.viewed': 'Looked at your doses, as your caregiver',
  'caregiver.doses.changed': 'Ticked or unticked a dose for you, as your caregiver',
  'caregiver.appointments.viewed': 'Looked at your appointments, as your caregiver',
  'caregiver.appointments.changed':
    'Booked, moved or cancelled an appointment for you, as your caregiver',
  'caregiver.prescriptions.viewed': 'Looked at your prescriptions, as your caregiver',
  'caregiver.prescriptions.changed':
    'Sent a prescription or asked for a refill for you, as your caregiver',
  'caregiver.measurements.viewed': 'Looked at your health readings, as your caregiver',
  'caregiver.measurements.changed': 'Recorded a health reading for you, as your caregiver',
  'caregiver.reports.viewed': 'Looked at your medical reports, as your caregiver',
  'caregiver.reports.changed': 'Changed your medical reports for you, as your caregiver',
  'caregiver.dependent.viewed':
    'Looked at who you share your record with, as the one who looks after you',
  'caregiver.dependent.changed':
    'Changed your medication list or who you share it with, as the one who looks after you',
};
const isCaregiverEvent = (action: string): action is CaregiverEvent => action in CAREGIVER_WORDS;

/** Each action of the access log, in words for the patient. */
const ACCESS_WORDS: Record<string, string> = {
  'medications.viewed': 'Viewed your medications and doses',
  'patients.listed': 'Saw you in their list of patients, with your date of birth and adherence',
  'care_link.created': 'Started sharing your medications',
  'care_link.ended': 'Stopped sharing your medications',
  'reports.listed': 'Looked at the list of your medical reports',
  'report.viewed': 'Opened one of your medical reports',
  'report.uploaded': 'Added a medical report to your record',
  'report.deleted': 'Deleted a medical report they had added',
  'prescription.written': 'Wrote you a prescription',
  'prescriptions.listed': 'Looked at the list of your prescriptions',
  'prescription.viewed': 'Opened one of your prescriptions',
  'prescription.printed': 'Printed one of your prescriptions as a PDF',
  'prescription.cancelled': 'Cancelled one of your prescriptions',
  'prescription.fill_preparing': 'Started preparing one of your prescriptions',
  'prescription.fill_ready': 'Marked one of your prescriptions ready to collect',
  'prescription.dispensed': 'Dispensed one of your prescriptions',
  'prescription.fill_refused': 'Refused to fill one of your prescriptions',
  'prescription.renewal_approved': 'Renewed one of your prescriptions',
  'prescription.renewal_refused': 'Refused to renew one of your prescriptions',
  'prescription.verified': 'Checked one of your prescriptions by its code',
  'measurement.recorded': 'Recorded a health reading for you',
  'measurement.deleted': 'Deleted a health reading they had recorded',
  'measurements.listed': 'Looked at the list of your health readings',
  'measurements.charted': 'Looked at a chart of your health readings',
  'measurements.summarized': 'Looked at your latest health readings',
  'measurement_targets.viewed': 'Looked at the targets they set for your readings',
  'measurement_targets.changed': 'Changed the targets for your readings',
  'record.exported': 'Downloaded your whole record (FHIR)',
  'caregiver.invited': 'Invited a caregiver',
  'caregiver.accepted': 'Became your caregiver',
  'caregiver.changed': 'Changed what a caregiver may see and do',
  'caregiver.ended': 'Ended a caregiver’s help',
  'dependent.added': 'Made your record, to look after you in Tend',
  'dependent.invited': 'Sent you an invitation to a sign-in of your own',
  'dependent.own_sign_in': 'Took a sign-in of your own',
  ...CAREGIVER_WORDS,
};

/**
 * The patient a caregiver acted for, as each of their events names them ("by Ana Silva for Maria
 * Silva"): read once for a page that has such an event.
 */
async function onBehalfOf(
  db: Db,
  patientId: string,
  actions: string[],
): Promise<PersonSummary | null> {
  if (!actions.some(isCaregiverEvent)) return null;
  const person = await findPersonName(db.kysely, patientId);
  if (!person) return null;
  const avatars = await avatarsOf(db, [person.id]);
  return {
    _id: person.id,
    firstname: person.firstname,
    lastname: person.lastname,
    avatarUrl: avatarUrl(person.id, avatars.get(person.id)),
  };
}

/** Who looked at or changed a patient's health data, newest first, a page at a time. */
export async function accessLogOf(db: Db, patientId: string, page: PageRequest) {
  const { rows, nextCursor } = await accessToPatient(db.kysely, patientId, page);
  const avatars = await avatarsOf(
    db,
    rows.flatMap((r) => (r.actor_id ? [r.actor_id] : [])),
  );
  const patient = await onBehalfOf(
    db,
    patientId,
    rows.map((r) => r.action),
  );
  const events = rows.map((r) => ({
    _id: r.id,
    action: r.action,
    description: ACCESS_WORDS[r.action] ?? r.action,
    createdAt: r.created_at,
    actor:
      r.actor_id && r.firstname !== null && r.lastname !== null && r.user_type !== null
        ? {
            _id: r.actor_id,
            firstname: r.firstname,
            lastname: r.lastname,
            userType: r.user_type,
            avatarUrl: avatarUrl(r.actor_id, avatars.get(r.actor_id)),
          }
        : null,
    // A caregiver's look or action on the patient's behalf: the actor is the caregiver.
    onBehalfOf: isCaregiverEvent(r.action) ? patient : null,
  }));
  return { events, nextCursor };
}
