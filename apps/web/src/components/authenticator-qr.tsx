import { Code, Image, Stack, Text } from '@mantine/core';
import type { TwoStepSetup } from '@tend/shared';

/** The secret spaced in fours, as authenticator apps show it and people type it. */
const spaced = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** Step one of two-step sign-in: the QR code to scan, and the same secret as text to type. */
export function AuthenticatorQr({ setup }: { setup: TwoStepSetup }) {
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">
        Open an authenticator app on your phone (such as Google Authenticator, Microsoft
        Authenticator, 1Password or Aegis), add an account, and scan this code.
      </Text>
      <Image
        src={setup.qr}
        alt="QR code to add Tend to your authenticator app"
        w={200}
        h={200}
        bg="white"
        radius="sm"
      />
      <Text size="sm">Can’t scan it? Type this key into the app instead (time-based):</Text>
      <Code
        fz="md"
        px="sm"
        py={6}
        // Wraps between the groups of four, never inside one.
        style={{ letterSpacing: '0.04em' }}
        data-testid="two-step-secret"
      >
        {spaced(setup.secret)}
      </Code>
    </Stack>
  );
}
