import { Alert, Button, Group, Text, Textarea } from '@mantine/core';
import { MESSAGE_MAX_LENGTH, messageBodySchema } from '@tend/shared';
import { useState, type FormEvent } from 'react';
import { useSendMessage } from '../api/send-message';
import { useMessagingT } from '../i18n';

/** Writes a message. Enter makes a new line; the Send button sends. Errors are said in words. */
export function Composer({ conversationId }: { conversationId: string }) {
  const { t } = useMessagingT();
  const [body, setBody] = useState('');
  const [invalid, setInvalid] = useState<string | null>(null);
  const sending = useSendMessage(conversationId);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const checked = messageBodySchema.safeParse(body);
    if (!checked.success) {
      setInvalid(checked.error.issues[0]?.message ?? t('composer.empty'));
      return;
    }
    sending.mutate(checked.data, { onSuccess: () => setBody('') });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Textarea
        label={t('composer.label')}
        maxRows={8}
        value={body}
        onChange={(event) => {
          setBody(event.currentTarget.value);
          setInvalid(null);
        }}
        error={invalid}
        description={t('composer.count', { count: body.length, max: MESSAGE_MAX_LENGTH })}
      />
      {sending.isError && (
        <Alert color="red" variant="light" mt="sm" title={t('composer.notSent')}>
          <Text size="sm">{sending.error.message}</Text>
        </Alert>
      )}
      <Group justify="flex-end" mt="sm">
        <Button type="submit" loading={sending.isPending}>
          {t('composer.send')}
        </Button>
      </Group>
    </form>
  );
}
