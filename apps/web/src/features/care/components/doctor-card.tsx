import { Flex, Group, Paper, Stack, Text, Title } from '@mantine/core';
import type { DoctorSummary } from '@tend/shared';
import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { UserAvatar } from '../../../components/user-avatar';
import { moneyText } from '../../../i18n/format';
import { fullName } from '../../../lib/me';
import { useCareT } from '../i18n';

export const doctorName = (doctor: Pick<DoctorSummary, 'firstname' | 'lastname'>, t: TFunction) =>
  t('doctor.name', { name: fullName(doctor) });

/** What a doctor shows the patients choosing them, with the action (or state) on the right. */
export function DoctorCard({
  doctor,
  headingOrder,
  extra,
  action,
}: {
  doctor: DoctorSummary;
  headingOrder: 3 | 4;
  /** A line under the details ("Sharing since …"). */
  extra?: ReactNode;
  action: ReactNode;
}) {
  const { t } = useCareT();
  const facts = [
    doctor.specialty,
    doctor.location,
    doctor.yearsofexperience === null
      ? null
      : t('doctor.years', { count: doctor.yearsofexperience }),
    doctor.consultationfee === null
      ? null
      : t('doctor.fee', { fee: moneyText(doctor.consultationfee, doctor.currency) }),
  ].filter((fact): fact is string => fact !== null && fact.trim() !== '');

  return (
    <Paper component="li" withBorder radius="lg" p="md">
      {/* The action sits beside the details where there is room, under them where there is not. */}
      <Flex
        direction={{ base: 'column', md: 'row' }}
        gap="md"
        justify="space-between"
        align={{ base: 'stretch', md: 'flex-start' }}
      >
        <Group align="flex-start" gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
          <UserAvatar person={doctor} size={56} alt="" />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Title order={headingOrder} size="h5" style={{ overflowWrap: 'anywhere' }}>
              {doctorName(doctor, t)}
            </Title>
            {facts.length > 0 ? (
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {facts.join(' · ')}
              </Text>
            ) : (
              <Text size="sm" c="dimmed">
                {t('doctor.noDetails')}
              </Text>
            )}
            {doctor.bio && (
              <Text size="sm" lineClamp={3} style={{ overflowWrap: 'anywhere' }}>
                {doctor.bio}
              </Text>
            )}
            {extra}
          </Stack>
        </Group>
        <Group justify="flex-end" style={{ flexShrink: 0 }}>
          {action}
        </Group>
      </Flex>
    </Paper>
  );
}
