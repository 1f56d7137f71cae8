import { Alert, Anchor, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import type { UserType } from '@tend/shared';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { AreaPage } from '../../../components/area-page';
import { QueryError } from '../../../components/query-error';
import { UserAvatar } from '../../../components/user-avatar';
import { useMe } from '../../../lib/me';
import { useConversation } from '../api/get-conversation';
import { Composer } from '../components/composer';
import { MessageThread } from '../components/message-thread';
import { personName } from '../components/person-name';
import { useMessagingLiveUpdates } from '../components/use-messaging-live-updates';
import { useMessagingT } from '../i18n';

function ConversationPage({ area }: { area: UserType }) {
  const { t } = useMessagingT();
  useMessagingLiveUpdates();
  const { id = '' } = useParams();
  const conversation = useConversation(id);
  const me = useMe();
  const name = conversation.data ? personName(t, conversation.data.other) : t('conversation.title');

  return (
    <AreaPage heading={name} documentTitle={t('conversation.documentTitle', { name })}>
      <Stack gap="md">
        <Anchor component={Link} to={`/${area}/messages`} w="fit-content">
          <Group gap={4}>
            <IconArrowLeft size={16} aria-hidden />
            {t('conversation.back')}
          </Group>
        </Anchor>
        {(conversation.isPending || me.isPending) && (
          <Loader aria-label={t('conversation.loading')} />
        )}
        {conversation.isError && (
          <QueryError
            title={t('conversation.loadFailed')}
            error={conversation.error}
            onRetry={() => void conversation.refetch()}
          />
        )}
        {conversation.data && me.data && (
          <Paper withBorder radius="lg" p={{ base: 'sm', sm: 'lg' }}>
            <Group gap="sm" mb="sm">
              <UserAvatar person={conversation.data.other} size={36} alt="" />
              <Text fw={600}>{name}</Text>
            </Group>
            <MessageThread conversationId={id} myId={me.data._id} otherName={name} />
            <div style={{ marginTop: 'var(--mantine-spacing-md)' }}>
              {conversation.data.canwrite ? (
                <Composer conversationId={id} />
              ) : (
                <Alert color="gray" variant="light" title={t('conversation.closed')}>
                  {t('conversation.closedText', { name })}
                </Alert>
              )}
            </div>
          </Paper>
        )}
      </Stack>
    </AreaPage>
  );
}

/** /patient/messages/:id */
export const PatientConversationPage = () => <ConversationPage area="patient" />;
/** /doctor/messages/:id */
export const DoctorConversationPage = () => <ConversationPage area="doctor" />;
