import { Alert, Text } from '@mantine/core';
import type { Profile } from '@tend/shared';
import { PasswordField } from '../../../components/password-field';
import type { SchemaForm } from '../../../lib/use-schema-form';
import type { ProfileFormValues } from './profile-form-values';

/** Shown while the typed email is a new address: changing it needs the current password. */
export function CurrentPasswordForEmail({ form }: { form: SchemaForm<ProfileFormValues> }) {
  return (
    <PasswordField
      label="Current password"
      description="Needed to change your email. We will send a link to the new address; your email changes when you open it."
      autoComplete="current-password"
      required
      {...form.field('currentPassword')}
    />
  );
}

/** The address waiting for its link to be opened; until then the account keeps its email. */
export function PendingEmailNotice({ profile }: { profile: Profile }) {
  if (!profile.pendingemail) return null;
  return (
    <Alert color="tend" variant="light" title="Waiting for you to confirm your new email">
      {/* Addresses are long unbroken words: they wrap anywhere rather than run off a phone screen. */}
      <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
        We sent a link to <strong>{profile.pendingemail}</strong>. Your email changes to it when you
        open that link (it works for 24 hours). Until then you sign in with {profile.email}.
      </Text>
    </Alert>
  );
}
