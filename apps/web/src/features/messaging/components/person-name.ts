import type { ConversationPerson } from '@tend/shared';
import { dateTimeFormat } from '../../../i18n/format';
import type { MessagingT } from '../i18n';

/** How Tend names the other person of a conversation: doctors by title. */
export function personName(
  t: MessagingT,
  person: Pick<ConversationPerson, 'firstname' | 'lastname' | 'userType'>,
) {
  const name = `${person.firstname} ${person.lastname}`.trim();
  return person.userType === 'doctor' ? t('doctorName', { name }) : name;
}

/** A message's time in the reader's own zone, in the page's language. */
export function messageTime(iso: string): string {
  return dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
}
