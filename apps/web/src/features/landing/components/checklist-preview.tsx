import { Badge, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconClock } from '@tabler/icons-react';
import { useLandingT } from '../i18n';
import { PlainList } from '../../../components/plain-list';

// An illustration of the daily checklist, labelled as an example: no real patient data. Names
// and times of day are keys of the catalog's `checklist`.
const EXAMPLE_DOSES = [
  { name: 'metformin', when: 'day', taken: true },
  { name: 'lisinopril', when: 'afternoon', taken: true },
  { name: 'atorvastatin', when: 'night', taken: false },
] as const;

export function ChecklistPreview() {
  const { t } = useLandingT();
  return (
    <Paper
      component="figure"
      shadow="md"
      radius="lg"
      p="xl"
      withBorder
      m={0}
      maw={460}
      w="100%"
      mx="auto"
    >
      <Group justify="space-between" mb="md">
        <Text fw={700}>{t('checklist.title')}</Text>
        <Badge variant="light" color="tend">
          {t('checklist.example')}
        </Badge>
      </Group>
      <PlainList gap="sm">
        {EXAMPLE_DOSES.map((dose) => (
          <Group key={dose.name} component="li" wrap="nowrap" gap="md">
            <ThemeIcon
              size={36}
              radius="xl"
              variant={dose.taken ? 'filled' : 'light'}
              color={dose.taken ? 'tend' : 'gray'}
              aria-hidden="true"
            >
              {dose.taken ? <IconCheck size={20} /> : <IconClock size={20} />}
            </ThemeIcon>
            <div>
              <Text fw={600}>{t(`checklist.doses.${dose.name}`)}</Text>
              <Text size="sm" c="dimmed">
                {`${t(`checklist.when.${dose.when}`)} · ${dose.taken ? t('checklist.taken') : t('checklist.toTake')}`}
              </Text>
            </div>
          </Group>
        ))}
      </PlainList>
      <Text component="figcaption" size="sm" c="dimmed" mt="md">
        {t('checklist.caption')}
      </Text>
    </Paper>
  );
}
