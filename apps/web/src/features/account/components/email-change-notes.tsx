import { Alert, Text } from '@mantine/core';
import type { Profile } from '@tend/shared';
import { Trans } from 'react-i18next';
import { PasswordField } from '../../../components/password-field';
import type { SchemaForm } from '../../../lib/use-schema-form';
import { useAccountT } from '../i18n';
import type { ProfileFormValues } from './profile-form-values';

/** Shown while the typed email is a new address: changing it needs the current password. */
export function CurrentPasswordForEmail({ form }: { form: SchemaForm<ProfileFormValues> }) {
  const { t } = useAccountT();
  return (
    <PasswordField
      label={t('emailChange.currentPassword')}
      description={t('emailChange.currentPasswordDescription')}
      autoComplete="current-password"
      required
      {...form.field('currentPassword')}
    />
  );
}

/** The address waiting for its link to be opened; until then the account keeps its email. */
export function PendingEmailNotice({ profile }: { profile: Profile }) {
  const { t } = useAccountT();
  if (!profile.pendingemail) return null;
  return (
    <Alert color="tend" variant="light" title={t('emailChange.pendingTitle')}>
      {/* Addresses are long unbroken words: they wrap anywhere rather than run off a phone screen. */}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        <Trans
          t={t}
          i18nKey="emailChange.pending"
          values={{ pending: profile.pendingemail, email: profile.email }}
          components={{ b: <strong /> }}
        />
      </Text>
    </Alert>
  );
}
