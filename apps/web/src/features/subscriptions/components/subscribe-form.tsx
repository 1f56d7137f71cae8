import { Box, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { subscriptionRequestSchema } from '@tend/shared';
import { useState, type FormEvent } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { zodFieldErrors } from '../../../lib/form-errors';
import { useCreateSubscription } from '../api/create-subscription';
import { useSubscriptionsT } from '../i18n';
import { FailureAlert } from '../../../components/failure-alert';

export function SubscribeForm() {
  const { t } = useSubscriptionsT();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const subscription = useCreateSubscription();

  // A message about the address belongs under the field; anything else goes in the alert.
  const error = subscription.error;
  const serverFieldError = error instanceof ApiRequestError ? error.fields.email : undefined;
  const alertMessage = error && !serverFieldError ? error.message : null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = subscriptionRequestSchema.safeParse({ email });
    if (!parsed.success) {
      // The schema's message for the field, as every form of the app takes it.
      setFieldError(zodFieldErrors(parsed.error).email ?? t('form.invalidEmail'));
      subscription.reset();
      return;
    }
    setFieldError(null);
    subscription.mutate(parsed.data, { onSuccess: () => setEmail('') });
  }

  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        {t('form.heading')}
      </Title>
      <Text size="sm" c="dimmed">
        {t('form.intro')}
      </Text>
      {/* noValidate: the shared schema gives the same worded messages the server would. */}
      <form noValidate onSubmit={handleSubmit}>
        <TextInput
          label={t('form.email')}
          type="email"
          name="email"
          autoComplete="email"
          required
          value={email}
          onChange={(event) => {
            setEmail(event.currentTarget.value);
            setFieldError(null);
            if (subscription.isError) subscription.reset();
          }}
          error={fieldError ?? serverFieldError}
          // The button sits beside the input itself, so the label and any error span both.
          inputContainer={(input) => (
            <Group gap="sm" wrap="nowrap" align="flex-start">
              <Box style={{ flex: 1 }}>{input}</Box>
              <Button type="submit" loading={subscription.isPending}>
                {t('form.subscribe')}
              </Button>
            </Group>
          )}
        />
      </form>
      {/* Present from the start so screen readers announce the message when it appears. */}
      <div role="status">
        {subscription.isSuccess && (
          <Text size="sm" fw={600} c="tend.9">
            {t('form.thanks', { email: subscription.data.email })}
          </Text>
        )}
      </div>
      <FailureAlert title={t('form.failed')} message={alertMessage} />
    </Stack>
  );
}
