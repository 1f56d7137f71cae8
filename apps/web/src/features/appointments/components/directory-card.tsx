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
import { moneyText } from './appointment-format';

export const directoryName = (doctor: DirectoryDoctor) => `Dr. ${fullName(doctor)}`;

/** A map search for the practice address: no distance is made up. */
const mapSearch = (address: string) =>
  `https://www.openstreetmap.org/search?query=${encodeURIComponent(address)}`;

const yearsText = (years: number) =>
  years === 1 ? '1 year of experience' : `${years} years of experience`;

/** SPEC §2's doctor card over real data: a fact the doctor has not given is left out. */
export function DirectoryCard({
  doctor,
  onBook,
}: {
  doctor: DirectoryDoctor;
  onBook: (type: AppointmentType) => void;
}) {
  const name = directoryName(doctor);
  return (
    <Paper component="li" withBorder radius="lg" p="md">
      <Flex direction={{ base: 'column', sm: 'row' }} gap="md" justify="space-between">
        <Group align="flex-start" gap="md" wrap="nowrap" style={{ minWidth: 0 }}>
          <UserAvatar
            avatarUrl={doctor.avatarUrl}
            firstname={doctor.firstname}
            lastname={doctor.lastname}
            size={64}
            alt=""
          />
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
                    Get Direction
                    <VisuallyHidden>{` to ${doctor.location} (opens a map in a new tab)`}</VisuallyHidden>
                  </Anchor>
                </Text>
              </Group>
            )}
            {doctor.yearsofexperience !== null && (
              <Text size="sm">{yearsText(doctor.yearsofexperience)}</Text>
            )}
            <Group gap="xs">
              {doctor.rating != null ? (
                <Group gap={4} wrap="nowrap">
                  <IconStarFilled size={16} color="var(--mantine-color-yellow-7)" aria-hidden />
                  <Text size="sm" fw={600}>
                    {`${doctor.rating.toFixed(1)} of 5`}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {doctor.reviewcount === 1
                      ? '(1 review)'
                      : `(${doctor.reviewcount ?? 0} reviews)`}
                  </Text>
                </Group>
              ) : (
                doctor.rating === null && (
                  <Text size="sm" c="dimmed">
                    No reviews yet
                  </Text>
                )
              )}
              {doctor.recommendpercent != null && (
                <Text size="sm">{`${doctor.recommendpercent}% recommend`}</Text>
              )}
            </Group>
            <Group gap="xs">
              {doctor.availabletoday && (
                <Badge color="tend" variant="light" c="tend.9">
                  Available Today
                </Badge>
              )}
              {doctor.consultationfee !== null && (
                <Text size="sm" fw={600}>{`Fee ${moneyText(doctor.consultationfee)}`}</Text>
              )}
            </Group>
            {doctor.nextslot === null && (
              <Text size="sm" c="dimmed">
                No free times in the next weeks.
              </Text>
            )}
          </Stack>
        </Group>
        <Stack gap="xs" style={{ flexShrink: 0 }} justify="center">
          <Button onClick={() => onBook('in_person')} aria-label={`Book Appointment with ${name}`}>
            Book Appointment
          </Button>
          <Button
            variant="outline"
            onClick={() => onBook('online')}
            aria-label={`Book Online Consultation with ${name}`}
          >
            Book Online Consultation
          </Button>
        </Stack>
      </Flex>
    </Paper>
  );
}
