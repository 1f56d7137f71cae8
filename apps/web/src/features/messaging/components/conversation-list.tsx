import { Badge, Group, Loader, Stack, Text, UnstyledButton } from '@mantine/core';
import type { UserType } from '@tend/shared';
import { Link } from 'react-router';
import { LoadMoreButton } from '../../../components/load-more-button';
import { QueryError } from '../../../components/query-error';
import { UserAvatar } from '../../../components/user-avatar';
import { useConversations } from '../api/list-conversations';
import { useMessagingT } from '../i18n';
import { messageTime, personName } from './person-name';
import { SectionPanel } from '../../../components/section-panel';
import { PlainList } from '../../../components/plain-list';

/** My conversations, most recently active first, each with its last message and unread count. */
export function ConversationList({ area, myId }: { area: UserType; myId: string | undefined }) {
  const { t } = useMessagingT();
  const query = useConversations();
  const conversations = query.data?.pages.flatMap((page) => page.conversations) ?? [];

  return (
    <SectionPanel title={t('list.heading')}>
      {query.isPending && <Loader aria-label={t('list.loading')} />}
      {query.isError && !query.isFetchNextPageError && (
        <QueryError
          title={t('list.loadFailed')}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      )}
      {query.isSuccess && conversations.length === 0 && <Text>{t('list.none')}</Text>}
      {conversations.length > 0 && (
        <PlainList gap="xs">
          {conversations.map((c) => {
            const name = personName(t, c.other);
            const last = c.lastmessage;
            return (
              <li key={c._id}>
                <UnstyledButton
                  component={Link}
                  to={`/${area}/messages/${c._id}`}
                  w="100%"
                  p="sm"
                  style={{ display: 'block', borderRadius: 'var(--mantine-radius-md)' }}
                  bg={c.unread > 0 ? 'var(--mantine-color-tend-0)' : undefined}
                >
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <UserAvatar person={c.other} size={40} alt="" />
                    <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
                      <Group justify="space-between" wrap="nowrap" gap="xs">
                        <Text fw={700} truncate>
                          {name}
                        </Text>
                        {c.unread > 0 && (
                          <Badge color="red.9" size="sm" style={{ flexShrink: 0 }}>
                            {t('list.unread', { count: c.unread })}
                          </Badge>
                        )}
                      </Group>
                      <Text size="sm" c="gray.7" truncate>
                        {last
                          ? last.sender === myId
                            ? t('list.you', { body: last.body })
                            : last.body
                          : t('list.noMessages')}
                      </Text>
                      {last && (
                        <Text size="xs" c="gray.7">
                          {messageTime(last.createdAt)}
                        </Text>
                      )}
                    </Stack>
                  </Group>
                </UnstyledButton>
              </li>
            );
          })}
        </PlainList>
      )}
      <LoadMoreButton query={query} label={t('list.loadMore')} />
    </SectionPanel>
  );
}
