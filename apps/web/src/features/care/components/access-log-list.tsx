import { Group, Text } from '@mantine/core';
import { LoadMoreButton } from '../../../components/load-more-button';
import { UserAvatar } from '../../../components/user-avatar';
import type { TFunction } from 'i18next';
import { dateTimeFormat } from '../../../i18n/format';
import { fullName, useMe } from '../../../lib/me';
import { useAccessLog, type AccessEvent } from '../api/access-log';
import { useCareT } from '../i18n';
import { QueryProgress } from '../../../components/query-progress';
import { SectionPanel } from '../../../components/section-panel';
import { PlainList } from '../../../components/plain-list';

function actorName(event: AccessEvent, t: TFunction): string {
  if (!event.actor) return t('accessLog.formerUser');
  const name = fullName(event.actor);
  return event.actor.userType === 'doctor' ? t('doctor.name', { name }) : name;
}

// The server's words start a sentence ("Viewed your medications"); here they follow a name.
const sentenceTail = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** Whose initials stand for an actor the log no longer knows. */
const UNKNOWN_ACTOR = { avatarUrl: null, firstname: '?', lastname: '' };

/** Who else looked at or changed access to the patient's data, newest first (DESIGN, Permissions). */
export function AccessLogList() {
  const { t } = useCareT();
  const log = useAccessLog();
  const timeZone = useMe().data?.timezone;
  const when = dateTimeFormat({ dateStyle: 'medium', timeStyle: 'short', timeZone });

  const events = log.data ?? [];
  return (
    <SectionPanel title={t('accessLog.title')} intro={t('accessLog.intro')}>
      <QueryProgress
        query={log}
        loading={t('accessLog.loading')}
        failed={t('accessLog.loadError')}
      />
      {log.isSuccess && events.length === 0 && <Text>{t('accessLog.empty')}</Text>}
      {events.length > 0 && (
        <PlainList ordered gap="sm">
          {events.map((event) => (
            <Group component="li" key={event._id} gap="sm" wrap="nowrap" align="flex-start">
              <UserAvatar person={event.actor ?? UNKNOWN_ACTOR} size={36} alt="" />
              <div style={{ minWidth: 0 }}>
                <Text style={{ overflowWrap: 'anywhere' }}>
                  <Text span fw={600}>
                    {actorName(event, t)}
                  </Text>
                  {` ${sentenceTail(event.description)}`}
                </Text>
                <Text size="sm" c="dimmed" component="time" dateTime={event.createdAt}>
                  {when.format(new Date(event.createdAt))}
                </Text>
              </div>
            </Group>
          ))}
        </PlainList>
      )}
      <LoadMoreButton query={log} label={t('accessLog.loadMore')} />
    </SectionPanel>
  );
}
