import { Anchor, Button, DataList, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { Profile } from '@tend/shared';
import { Link } from 'react-router';
import { UserAvatar } from '../../../components/user-avatar';
import { fullName } from '../../../lib/me';
import { listInWords, profileGaps } from './profile-gaps';

type Row = [label: string, value: string | null];

// Dates of birth are calendar dates, not instants: formatted in UTC so no time zone shifts the day.
function formatDate(value: string | null): string | null {
  if (!value) return null;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${value}T00:00:00Z`),
  );
}

function yearsInWords(years: number | null): string | null {
  if (years === null) return null;
  return years === 1 ? '1 year' : `${years} years`;
}

function rowsFor(profile: Profile): Row[] {
  const place = [profile.city, profile.country].filter(Boolean).join(', ') || null;
  if (profile.userType === 'pharmacy') {
    return [
      ['Pharmacy', profile.pharmacy?.name ?? null],
      ['Licence number', profile.pharmacy?.licencenumber ?? null],
      ['Email', profile.email],
      ['Phone', profile.number],
      ['Time zone', profile.timezone.replaceAll('_', ' ')],
    ];
  }
  if (profile.userType === 'doctor') {
    return [
      ['Specialty', profile.specialty],
      ['Location', profile.location],
      ['Experience', yearsInWords(profile.yearsofexperience)],
      ['Consultation fee', profile.consultationfee?.toFixed(2) ?? null],
      ['Email', profile.email],
      ['Phone', profile.number],
      ['Time zone', profile.timezone.replaceAll('_', ' ')],
    ];
  }
  return [
    ['Date of birth', formatDate(profile.dateofbirth)],
    ['Blood group', profile.bloodgroup],
    ['Email', profile.email],
    ['Phone', profile.number],
    ['Lives in', place],
    ['Time zone', profile.timezone.replaceAll('_', ' ')],
  ];
}

/** The person's profile as it is saved now, and what is still missing from it. */
export function ProfileSummary({
  profile,
  settingsPath,
}: {
  profile: Profile;
  settingsPath: string;
}) {
  const gaps = profileGaps(profile);
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Title order={2} size="h4">
          Your profile
        </Title>
        <Anchor component={Link} to={settingsPath} fw={600} c="tend.8">
          Edit profile
        </Anchor>
      </Group>
      <Group gap="lg" align="flex-start" wrap="wrap">
        <UserAvatar
          avatarUrl={profile.avatarUrl}
          firstname={profile.firstname}
          lastname={profile.lastname}
          size={72}
          alt=""
        />
        <Stack gap="sm" style={{ flex: '1 1 260px' }}>
          <Text fw={700} fz="lg">
            {fullName(profile)}
          </Text>
          <DataList labelWidth={130} gap="xs">
            {rowsFor(profile).map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{label}</DataList.ItemLabel>
                <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>
                  {value ?? (
                    <Text span inherit c="dimmed">
                      Not added yet
                    </Text>
                  )}
                </DataList.ItemValue>
              </DataList.Item>
            ))}
          </DataList>
        </Stack>
      </Group>
      {gaps.length > 0 ? (
        <Paper bg="tend.0" radius="md" p="md" mt="lg">
          <Text mb="sm">{`Add your ${listInWords(gaps)} in Profile settings.`}</Text>
          <Button component={Link} to={settingsPath} size="sm">
            Complete your profile
          </Button>
        </Paper>
      ) : (
        <Text mt="lg" c="tend.9" fw={600}>
          Your profile is complete.
        </Text>
      )}
    </Paper>
  );
}
