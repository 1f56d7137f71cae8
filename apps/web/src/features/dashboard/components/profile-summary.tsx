import { Button, DataList, Group, Paper, Stack, Text } from '@mantine/core';
import type { Profile } from '@tend/shared';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { SectionPanel } from '../../../components/section-panel';
import { UserAvatar } from '../../../components/user-avatar';
import { fullName } from '../../../lib/me';
import { dateTimeFormat, listFormat, moneyText } from '../../../i18n/format';
import { useDashboardT } from '../i18n';
import type en from '../locales/en.json';
import { profileGaps } from './profile-gaps';

type RowKey = keyof (typeof en)['profile']['rows'];
type Row = [label: RowKey, value: string | null];

// Dates of birth are calendar dates, not instants: formatted in UTC so no time zone shifts the day.
function formatDate(value: string | null): string | null {
  if (!value) return null;
  return dateTimeFormat({ dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(`${value}T00:00:00Z`),
  );
}

function rowsFor(profile: Profile, t: TFunction<'dashboard'>): Row[] {
  const place = [profile.city, profile.country].filter(Boolean).join(', ') || null;
  const years = profile.yearsofexperience;
  if (profile.userType === 'pharmacy') {
    return [
      ['pharmacy', profile.pharmacy?.name ?? null],
      ['licenceNumber', profile.pharmacy?.licencenumber ?? null],
      ['email', profile.email],
      ['phone', profile.number],
      ['timeZone', profile.timezone.replaceAll('_', ' ')],
    ];
  }
  if (profile.userType === 'doctor') {
    return [
      ['specialty', profile.specialty],
      ['location', profile.location],
      ['experience', years === null ? null : t('profile.years', { count: years })],
      [
        'consultationFee',
        profile.consultationfee === null
          ? null
          : moneyText(profile.consultationfee, profile.currency),
      ],
      ['email', profile.email],
      ['phone', profile.number],
      ['timeZone', profile.timezone.replaceAll('_', ' ')],
    ];
  }
  return [
    ['dateOfBirth', formatDate(profile.dateofbirth)],
    ['bloodGroup', profile.bloodgroup],
    ['email', profile.email],
    ['phone', profile.number],
    ['livesIn', place],
    ['timeZone', profile.timezone.replaceAll('_', ' ')],
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
  const { t } = useDashboardT();
  const gaps = profileGaps(profile).map((gap) => t(`profile.gaps.${gap}`));
  return (
    <SectionPanel
      title={t('profile.heading')}
      link={{ to: settingsPath, label: t('profile.edit') }}
    >
      <Group gap="lg" align="flex-start" wrap="wrap">
        <UserAvatar person={profile} size={72} alt="" />
        <Stack gap="sm" style={{ flex: '1 1 260px' }}>
          <Text fw={700} fz="lg">
            {fullName(profile)}
          </Text>
          <DataList labelWidth={130} gap="xs">
            {rowsFor(profile, t).map(([label, value]) => (
              <DataList.Item key={label}>
                <DataList.ItemLabel>{t(`profile.rows.${label}`)}</DataList.ItemLabel>
                <DataList.ItemValue style={{ overflowWrap: 'anywhere' }}>
                  {value ?? (
                    <Text span inherit c="dimmed">
                      {t('profile.notAdded')}
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
          <Text mb="sm">
            {t('profile.addGaps', {
              gaps: listFormat({ style: 'long', type: 'conjunction' }).format(gaps),
            })}
          </Text>
          <Button component={Link} to={settingsPath} size="sm">
            {t('profile.complete')}
          </Button>
        </Paper>
      ) : (
        <Text mt="lg" c="tend.9" fw={600}>
          {t('profile.isComplete')}
        </Text>
      )}
    </SectionPanel>
  );
}
