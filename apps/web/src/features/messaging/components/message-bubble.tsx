import { Box, Paper, Text, VisuallyHidden } from '@mantine/core';
import type { Message } from '@tend/shared';
import { useMessagingT } from '../i18n';
import { messageTime } from './person-name';

type Props = { message: Message; mine: boolean; otherName: string; showRead: boolean };

/** One message: mine on the right in the brand colour, theirs on the left; "Read" under my last read one. */
export function MessageBubble({ message, mine, otherName, showRead }: Props) {
  const { t } = useMessagingT();
  return (
    <Box
      component="li"
      style={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: mine ? 'flex-end' : 'flex-start',
      }}
    >
      <Paper
        px="md"
        py="xs"
        radius="lg"
        maw="min(85%, 560px)"
        bg={mine ? 'var(--mantine-color-tend-8)' : 'var(--mantine-color-gray-1)'}
        c={mine ? 'white' : 'dark'}
      >
        <VisuallyHidden>
          {mine ? t('bubble.youWrote') : t('bubble.theyWrote', { name: otherName })}
        </VisuallyHidden>
        <Text style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{message.body}</Text>
      </Paper>
      <Text size="xs" c="gray.7" mt={2}>
        {messageTime(message.createdAt)}
        {showRead && ` · ${t('bubble.read')}`}
      </Text>
    </Box>
  );
}
