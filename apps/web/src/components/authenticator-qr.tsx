import { Code, Image, Stack, Text } from '@mantine/core';
import type { TwoStepSetup } from '@tend/shared';
import { useCommonT } from '../i18n/common';

/** The secret spaced in fours, as authenticator apps show it and people type it. */
const spaced = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ');

/** Step one of two-step sign-in: the QR code to scan, and the same secret as text to type. */
export function AuthenticatorQr({ setup }: { setup: TwoStepSetup }) {
  const { t } = useCommonT();
  return (
    <Stack gap="sm" align="flex-start">
      <Text size="sm">{t('twoStep.instructions')}</Text>
      <Image src={setup.qr} alt={t('twoStep.qrAlt')} w={200} h={200} bg="white" radius="sm" />
      <Text size="sm">{t('twoStep.cantScan')}</Text>
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
