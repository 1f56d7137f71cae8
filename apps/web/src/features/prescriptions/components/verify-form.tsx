import { Alert, Button, Group, Paper, Stack, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { normalizePrescriptionCode } from '@tend/shared';
import { useState, type FormEvent } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { useVerifyPrescription } from '../api/verify-prescription';
import { VerificationResult } from './verification-result';
import { usePrescriptionsT } from '../i18n';

/** A code field and Verify; the answer (or why there is none) below, announced as it arrives. */
export function VerifyForm() {
  const { t } = usePrescriptionsT();
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
          ? t('verify.enterCode')
          : t('verify.notACode', { help: t('verify.codeHelp') }),
      );
      return;
    }
    verify.mutate(code);
  };

  return (
    <Stack gap="lg">
      <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
        <form onSubmit={submit} noValidate aria-label={t('verify.form')}>
          <Group align="flex-start" gap="sm" wrap="wrap">
            <TextInput
              label={t('verify.code')}
              description={t('verify.codeHelp')}
              placeholder={t('verify.placeholder')}
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
              {t('verify.submit')}
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
                ? t('verify.noSuch')
                : t('verify.notChecked')
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
