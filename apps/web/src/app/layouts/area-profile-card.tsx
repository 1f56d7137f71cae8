import { Alert, Group, Skeleton, Stack, Text } from '@mantine/core';
import type { Profile, UserType } from '@tend/shared';
import { UserAvatar } from '../../components/user-avatar';
import { fullName, useMe } from '../../lib/me';
import { useAppT } from '../i18n';

// SPEC §2 lists a location on the card: where the patient lives, where the doctor practises, or
// the pharmacy's city.
function locationOf(profile: Profile): string | null {
  const parts = {
    patient: [profile.city, profile.country],
    doctor: [profile.location],
    pharmacy: [profile.pharmacy?.city ?? null, profile.pharmacy?.country ?? null],
  }[profile.userType];
  const text = parts.filter((part) => part && part.trim() !== '').join(', ');
  return text === '' ? null : text;
}

/** The signed-in person at the top of the side menu: picture, name, role and location. */
export function AreaProfileCard({ userType }: { userType: UserType }) {
  const { t } = useAppT();
  const me = useMe();

  if (me.isPending) {
    return (
      <Group gap="sm" wrap="nowrap" aria-hidden>
        <Skeleton circle height={56} />
        <Stack gap={6} style={{ flex: 1 }}>
          <Skeleton height={14} width="80%" />
          <Skeleton height={12} width="50%" />
        </Stack>
      </Group>
    );
  }
  if (me.isError) {
    return (
      <Alert color="red" variant="light" p="xs">
        <Text size="sm">{`${t('layout.profileFailed')} ${me.error.message}`}</Text>
      </Alert>
    );
  }

  const profile = me.data;
  const location = locationOf(profile);
  return (
    <Group gap="sm" wrap="nowrap" align="center">
      <UserAvatar person={profile} size={56} alt="" />
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text fw={700} lh={1.3} style={{ overflowWrap: 'anywhere' }}>
          {fullName(profile)}
        </Text>
        <Text size="sm" c="dimmed">
          {t(`roles.${userType}`)}
        </Text>
        {location && (
          <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
            {location}
          </Text>
        )}
      </Stack>
    </Group>
  );
}
