import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { twoStepCodeRequestSchema } from '@tend/shared';
import { useRef, type FormEvent } from 'react';
import { OneTimeCodeField } from '../../../components/one-time-code-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useRenewRecoveryCodes } from '../api/two-step-changes';
import { useSecurityT } from '../i18n';
import { FailureAlert } from '../../../components/failure-alert';

/** Ten new recovery codes for a code from the app; the old ones stop working. */
export function RenewRecoveryCodes({ onRenewed }: { onRenewed: (codes: string[]) => void }) {
  const { t } = useSecurityT();
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm({ code: '' }, formRef);
  const renew = useRenewRecoveryCodes();
  const alert = form.alertFor(renew.error);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = form.validate(twoStepCodeRequestSchema, form.values);
    if (!body) return renew.reset();
    renew.mutate(body, {
      onSuccess: ({ recoverycodes }) => onRenewed(recoverycodes),
      onError: form.showRequestError,
    });
  };

  return (
    <form ref={formRef} noValidate onSubmit={handleSubmit}>
      <Stack gap="sm">
        <Title order={3} size="h5">
          {t('renew.title')}
        </Title>
        <Text size="sm">{t('renew.intro')}</Text>
        <FailureAlert title={t('renew.failed')} message={alert} />
        <Group align="flex-end" gap="sm">
          <OneTimeCodeField
            label={t('renew.code')}
            id="renew-recovery-code"
            {...form.field('code')}
          />
          <Button type="submit" variant="default" loading={renew.isPending}>
            {t('renew.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
