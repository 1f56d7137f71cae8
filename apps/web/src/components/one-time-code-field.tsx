import { TextInput, type TextInputProps } from '@mantine/core';
import { useCommonT } from '../i18n/common';

/** The 6-digit code from an authenticator app: a number pad on phones, filled in by password managers. */
export function OneTimeCodeField(props: Omit<TextInputProps, 'label'> & { label?: string }) {
  const { t } = useCommonT();
  return (
    <TextInput
      label={t('twoStep.codeLabel')}
      inputMode="numeric"
      autoComplete="one-time-code"
      maxLength={7}
      w={{ base: '100%', xs: 320 }}
      {...props}
    />
  );
}
