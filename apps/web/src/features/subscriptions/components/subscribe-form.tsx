import { Alert, Box, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { subscriptionRequestSchema } from '@tend/shared';
import { useState, type FormEvent } from 'react';
import { ApiRequestError } from '../../../lib/api-client';
import { useCreateSubscription } from '../api/create-subscription';

export function SubscribeForm() {
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
      setFieldError(parsed.error.issues[0]?.message ?? 'Enter a valid email address.');
      subscription.reset();
      return;
    }
    setFieldError(null);
    subscription.mutate(parsed.data, { onSuccess: () => setEmail('') });
  }

  return (
    <Stack gap="xs">
      <Title order={2} size="h5">
        Stay in the loop
      </Title>
      <Text size="sm" c="dimmed">
        Leave your email address and we&apos;ll write when there&apos;s news about Tend.
      </Text>
      {/* noValidate: the shared schema gives the same worded messages the server would. */}
      <form noValidate onSubmit={handleSubmit}>
        <TextInput
          label="Email address"
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
                Subscribe
              </Button>
            </Group>
          )}
        />
      </form>
      {/* Present from the start so screen readers announce the message when it appears. */}
      <div role="status">
        {subscription.isSuccess && (
          <Text size="sm" fw={600} c="tend.9">
            {`Thanks! We'll email ${subscription.data.email} when there's news.`}
          </Text>
        )}
      </div>
      {alertMessage && (
        <Alert color="red" variant="light" title="We couldn't subscribe you">
          {alertMessage}
        </Alert>
      )}
    </Stack>
  );
}
