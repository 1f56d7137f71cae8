import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { twoStepCodeRequestSchema } from '@tend/shared';
import { useRef, type FormEvent } from 'react';
import { OneTimeCodeField } from '../../../components/one-time-code-field';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { useRenewRecoveryCodes } from '../api/two-step-changes';

/** Ten new recovery codes for a code from the app; the old ones stop working. */
export function RenewRecoveryCodes({ onRenewed }: { onRenewed: (codes: string[]) => void }) {
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
          New recovery codes
        </Title>
        <Text size="sm">
          Used some, or lost the list? Make ten new ones; the ones you have now stop working.
        </Text>
        {alert && (
          <Alert color="red" variant="light" title="No new codes were made">
            {alert}
          </Alert>
        )}
        <Group align="flex-end" gap="sm">
          <OneTimeCodeField
            label="Code from your app"
            id="renew-recovery-code"
            {...form.field('code')}
          />
          <Button type="submit" variant="default" loading={renew.isPending}>
            Make new recovery codes
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
