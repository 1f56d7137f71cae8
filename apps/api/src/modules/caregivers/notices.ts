import { textsFor } from '../../i18n/texts.ts';
import type { Recipient } from '../../db/people.ts';
import type { EmailMessage } from '../../mail/mailer.ts';
import { message } from '../../mail/message.ts';
import { fullName, type CaregiverNotice } from './context.ts';

type Named = { firstname: string; lastname: string };
export type RelationChange = 'invited' | 'accepted' | 'removed' | 'steppedBack' | 'ownSignIn';

/** What the other side of a relation is told of a change, in their language. */
export function noticeOf(
  change: RelationChange,
  to: Recipient,
  names: { patient: Named; carer: Named },
  id: string,
  url: string,
): CaregiverNotice {
  const t = textsFor(to.language);
  const values = { patient: fullName(names.patient), caregiver: fullName(names.carer) };
  const title = t(`caregivers.${change}.title`, values);
  const body = t(`caregivers.${change}.body`, values);
  return {
    kind: 'caregiver',
    key: `caregiver:${change}:${id}:${to.id}`,
    title,
    body,
    link: new URL(url).pathname + new URL(url).search,
    tag: `caregiver:${id}`,
    reminderId: null,
    email: { subject: title, lines: [body], url, linkText: t('caregivers.open') },
  };
}

/** The invitation to an address without an account: the link opens sign-up with it kept. */
export function invitationEmail(patient: Recipient, to: string, link: string): EmailMessage {
  const t = textsFor(patient.language);
  const name = fullName(patient);
  return message(to, t('caregivers.invitationEmail.subject', { patient: name }), [
    t('caregivers.invitationEmail.asks', { patient: name }),
    t('caregivers.invitationEmail.signUp'),
    link,
    t('caregivers.invitationEmail.lapses'),
    t('caregivers.invitationEmail.ignore'),
  ]);
}

/** A dependent's own sign-in, sent by the one who cares for them, in the carer's language. */
export function ownSignInEmail(carer: Recipient, to: string, link: string): EmailMessage {
  const t = textsFor(carer.language);
  const name = fullName(carer);
  return message(to, t('caregivers.ownSignInEmail.subject', { caregiver: name }), [
    t('caregivers.ownSignInEmail.made', { caregiver: name }),
    t('caregivers.ownSignInEmail.open'),
    link,
    t('caregivers.ownSignInEmail.lapses'),
    t('caregivers.ownSignInEmail.ignore'),
  ]);
}

/** A missed dose, told to a caregiver in their language, the time in their zone. */
export function missedDoseNotice(
  to: Recipient,
  dose: { patient: Named; medication: string; time: string; linkId: string; key: string },
  publicUrl: string,
  patientId: string,
): CaregiverNotice {
  const t = textsFor(to.language);
  const values = { patient: fullName(dose.patient), medication: dose.medication, time: dose.time };
  const url = `${publicUrl}/patient?patientId=${patientId}`;
  const title = t('caregivers.missedDose.title', values);
  const body = t('caregivers.missedDose.body', values);
  return {
    kind: 'caregiver',
    key: dose.key,
    title,
    body,
    link: `/patient?patientId=${patientId}`,
    tag: `missed:${dose.linkId}`,
    reminderId: null,
    email: { subject: title, lines: [body], url, linkText: t('caregivers.open') },
  };
}
