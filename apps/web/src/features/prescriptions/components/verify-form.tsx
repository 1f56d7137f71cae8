import { Alert, Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { normalizePrescriptionCode } from '@tend/shared';
import { useState, type FormEvent } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { useVerifyPrescription } from '../api/verify-prescription';
import { VerificationResult } from './verification-result';

const CODE_HELP = 'The 11 letters and digits printed on the prescription, like 7KQ4-M9XT-2WC.';

/** A code field and Verify; the answer (or why there is none) below, announced as it arrives. */
export function VerifyForm() {
  const [typed, setTyped] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const verify = useVerifyPrescription();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const code = normalizePrescriptionCode(typed);
    if (code === null) {
      verify.reset();
      setFieldError(
        typed.trim() === ''
          ? 'Enter the code printed on the prescription.'
          : `That is not a prescription code. ${CODE_HELP} There is no 0, 1, I, L or O in a code.`,
      );
      return;
    }
    verify.mutate(code);
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate aria-label="Verify a prescription">
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label="Prescription code"
              description={CODE_HELP}
              placeholder="7KQ4-M9XT-2WC"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              value={typed}
              onChange={(event) => {
                setTyped(event.currentTarget.value);
                setFieldError(undefined);
              }}
              error={fieldError}
              style={{ flex: '1 1 16rem' }}
              maw={520}
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
            />
            <Button
              type="submit"
              leftSection={<IconSearch size={18} aria-hidden />}
              loading={verify.isPending}
              mt={{ base: 0, xs: 46 }}
            >
              Verify
            </Button>
          </Group>
        </form>
      </Paper>
      <div aria-live="polite">
        {verify.isError && (
          <Alert
            color="red"
            variant="light"
            title={
              verify.error instanceof ApiRequestError && verify.error.status === 404
                ? 'No such prescription'
                : 'The code could not be checked'
            }
            role="alert"
          >
            {verify.error.message}
          </Alert>
        )}
        {verify.isSuccess && <VerificationResult result={verify.data} />}
      </div>
    </Stack>
  );
}
