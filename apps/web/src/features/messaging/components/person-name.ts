import type { ConversationPerson } from '@tend/shared';

/** How Tend names the other person of a conversation: doctors by title. */
export function personName(
  person: Pick<ConversationPerson, 'firstname' | 'lastname' | 'userType'>,
) {
  const name = `${person.firstname} ${person.lastname}`.trim();
  return person.userType === 'doctor' ? `Dr. ${name}` : name;
}

const timeFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** A message's time in the reader's own zone and words. */
export function messageTime(iso: string): string {
  return timeFormat.format(new Date(iso));
}
