import { Alert, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { useCommonT } from '../i18n/common';
import { saveBlob } from '../lib/save-blob';
import { useCopyText } from './use-copy-text';

const FILE_NAME = 'tend-recovery-codes.txt';

/**
 * Recovery codes, shown once: each signs in once when the phone is not at hand. Copy or download
 * them now; Tend keeps only their hashes and cannot show them again.
 */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  const { t } = useCommonT();
  const [status, setStatus] = useState<string | null>(null);
  const clipboard = useCopyText();
  const text = `${t('recoveryCodes.fileHeading')}\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    setStatus(null);
    if (await clipboard.copy(text)) {
      setStatus(t('recoveryCodes.copied'));
    }
  };

  return (
    <Stack gap="sm">
      <Alert color="tend" variant="light" title={t('recoveryCodes.title')}>
        {t('recoveryCodes.text')}
      </Alert>
      <Paper withBorder radius="md" p="md" bg="gray.0">
        <List
          aria-label={t('recoveryCodes.list')}
          listStyleType="none"
          spacing={4}
          styles={{
            root: { columns: '2 9rem', fontFamily: 'var(--mantine-font-family-monospace)' },
          }}
        >
          {codes.map((code) => (
            <List.Item key={code}>{code}</List.Item>
          ))}
        </List>
      </Paper>
      <Group gap="sm">
        <Button
          variant="default"
          leftSection={<IconCopy size={18} aria-hidden />}
          onClick={() => void copy()}
        >
          {t('recoveryCodes.copy')}
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          onClick={() => {
            saveBlob(new Blob([text], { type: 'text/plain' }), FILE_NAME);
            setStatus(t('recoveryCodes.downloaded', { file: FILE_NAME }));
          }}
        >
          {t('recoveryCodes.download')}
        </Button>
      </Group>
      {clipboard.failed && (
        <Alert color="orange" variant="light" role="alert">
          {t('recoveryCodes.copyFailed')}
        </Alert>
      )}
      <div role="status">{status && <Text size="sm">{status}</Text>}</div>
    </Stack>
  );
}
