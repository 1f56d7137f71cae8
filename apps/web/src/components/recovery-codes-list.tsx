import { Alert, Button, Group, List, Paper, Stack, Text } from '@mantine/core';
import { IconCopy, IconDownload } from '@tabler/icons-react';
import { useState } from 'react';
import { saveBlob } from '../lib/save-blob';
import { useCopyText } from './use-copy-text';

/**
 * Recovery codes, shown once: each signs in once when the phone is not at hand. Copy or download
 * them now; Tend keeps only their hashes and cannot show them again.
 */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  const [status, setStatus] = useState<string | null>(null);
  const clipboard = useCopyText();
  const text = `Tend recovery codes (each works once)\n\n${codes.join('\n')}\n`;

  const copy = async () => {
    setStatus(null);
    if (await clipboard.copy(text)) {
      setStatus('Copied. Paste them somewhere safe, such as a password manager.');
    }
  };

  return (
    <Stack gap="sm">
      <Alert color="tend" variant="light" title="Save your recovery codes now">
        If you lose your phone, each of these codes signs you in once. This is the only time Tend
        shows them.
      </Alert>
      <Paper withBorder radius="md" p="md" bg="gray.0">
        <List
          aria-label="Recovery codes"
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
          Copy codes
        </Button>
        <Button
          variant="default"
          leftSection={<IconDownload size={18} aria-hidden />}
          onClick={() => {
            saveBlob(new Blob([text], { type: 'text/plain' }), 'tend-recovery-codes.txt');
            setStatus('Downloaded as tend-recovery-codes.txt.');
          }}
        >
          Download codes
        </Button>
      </Group>
      {clipboard.failed && (
        <Alert color="orange" variant="light" role="alert">
          Your browser did not let Tend copy. Select the codes above and copy them yourself.
        </Alert>
      )}
      <div role="status">{status && <Text size="sm">{status}</Text>}</div>
    </Stack>
  );
}
