import { Badge, Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCheck, IconClock } from '@tabler/icons-react';

// An illustration of the daily checklist, labelled as an example: no real patient data.
const EXAMPLE_DOSES = [
  { name: 'Metformin 500 mg', when: 'Day', taken: true },
  { name: 'Lisinopril 10 mg', when: 'Afternoon', taken: true },
  { name: 'Atorvastatin 20 mg', when: 'Night', taken: false },
] as const;

export function ChecklistPreview() {
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
        <Text fw={700}>Today&apos;s doses</Text>
        <Badge variant="light" color="tend">
          Example
        </Badge>
      </Group>
      <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
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
              <Text fw={600}>{dose.name}</Text>
              <Text size="sm" c="dimmed">
                {dose.when} · {dose.taken ? 'Taken' : 'Still to take'}
              </Text>
            </div>
          </Group>
        ))}
      </Stack>
      <Text component="figcaption" size="sm" c="dimmed" mt="md">
        An example of the daily checklist. It starts fresh every day.
      </Text>
    </Paper>
  );
}
