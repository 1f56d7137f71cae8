import {
  Anchor,
  Badge,
  Button,
  Flex,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import type { AppointmentType } from '@tend/shared';
import { IconMapPin, IconStarFilled } from '@tabler/icons-react';
import { UserAvatar } from '../../../components/user-avatar';
import { fullName } from '../../../lib/me';
import type { DirectoryDoctor } from '../api/search-directory';
import { moneyText, numberFormat } from '../../../i18n/format';
import { appointmentsText, useAppointmentsT } from '../i18n';

export const directoryName = (doctor: DirectoryDoctor) =>
  appointmentsText('doctorName', { name: fullName(doctor) });

/** A map search for the practice address: no distance is made up. */
const mapSearch = (address: string) =>
  `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;

/** SPEC §2's doctor card over real data: a fact the doctor has not given is left out. */
export function DirectoryCard({
  doctor,
  onBook,
}: {
  doctor: DirectoryDoctor;
  onBook: (type: AppointmentType) => void;
}) {
  const { t } = useAppointmentsT();
  const name = directoryName(doctor);
  return (
    <Paper component="li" withBorder radius="lg" p="md">
      <Flex direction={{ base: 'column', sm: 'row' }} gap="md" justify="space-between">
        <Group align="flex-start" gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
          <UserAvatar person={doctor} size={64} alt="" />
          <Stack gap={4} style={{ minWidth: 0 }}>
            <Title order={2} size="h4" style={{ overflowWrap: 'anywhere' }}>
              {name}
            </Title>
            {doctor.specialty && <Text c="dimmed">{doctor.specialty}</Text>}
            {doctor.location && (
              <Group gap={6} wrap="nowrap" align="flex-start">
                <IconMapPin size={18} aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
                  {doctor.location}{' '}
                  <Anchor
                    href={mapSearch(doctor.location)}
                    target="_blank"
                    rel="noopener noreferrer"
                    fw={600}
                  >
                    {t('directory.getDirection')}
                    <VisuallyHidden>
                      {t('directory.directionHidden', { place: doctor.location })}
                    </VisuallyHidden>
                  </Anchor>
                </Text>
              </Group>
            )}
            {doctor.yearsofexperience !== null && (
              <Text size="sm">{t('directory.years', { count: doctor.yearsofexperience })}</Text>
            )}
            <Group gap="xs">
              {doctor.rating != null ? (
                <Group gap={4} wrap="nowrap">
                  <IconStarFilled size={16} color="var(--mantine-color-yellow-7)" aria-hidden />
                  <Text size="sm" fw={600}>
                    {t('directory.rating', {
                      rating: numberFormat({
                        minimumFractionDigits: 1,
                        maximumFractionDigits: 1,
                      }).format(doctor.rating),
                    })}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('directory.reviews', { count: doctor.reviewcount ?? 0 })}
                  </Text>
                </Group>
              ) : (
                doctor.rating === null && (
                  <Text size="sm" c="dimmed">
                    {t('directory.noReviews')}
                  </Text>
                )
              )}
              {doctor.recommendpercent != null && (
                <Text size="sm">
                  {t('directory.recommend', { percent: doctor.recommendpercent })}
                </Text>
              )}
            </Group>
            <Group gap="xs">
              {doctor.availabletoday && (
                <Badge color="tend" variant="light" c="tend.9">
                  {t('directory.availableToday')}
                </Badge>
              )}
              {doctor.consultationfee !== null && (
                <Text size="sm" fw={600}>
                  {t('booking.fee', { amount: moneyText(doctor.consultationfee, doctor.currency) })}
                </Text>
              )}
            </Group>
            {doctor.nextslot === null && (
              <Text size="sm" c="dimmed">
                {t('directory.noSlots')}
              </Text>
            )}
          </Stack>
        </Group>
        <Stack gap="xs" style={{ flexShrink: 0 }} justify="center">
          <Button
            onClick={() => onBook('in_person')}
            aria-label={t('directory.bookInPersonWith', { name })}
          >
            {t('directory.bookInPerson')}
          </Button>
          <Button
            variant="outline"
            onClick={() => onBook('online')}
            aria-label={t('directory.bookOnlineWith', { name })}
          >
            {t('directory.bookOnline')}
          </Button>
        </Stack>
      </Flex>
    </Paper>
  );
}
