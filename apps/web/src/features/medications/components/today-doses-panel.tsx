import { Anchor, Group, Paper, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useMedicationsT } from '../i18n';
import { DailyChecklist } from './daily-checklist';

/** For the patient's dashboard: today's checklist, tickable right there. */
export function TodayDosesPanel() {
  const { t } = useMedicationsT();
  return (
    <Paper withBorder radius="lg" p={{ base: 'md', sm: 'xl' }}>
      <Group justify="space-between" align="flex-start" mb="md" gap="sm">
        <Title order={2} size="h4">
          {t('today.title')}
        </Title>
        <Anchor component={Link} to="/patient/daily-medication" fw={600} c="tend.8">
          {t('today.open')}
        </Anchor>
      </Group>
      <DailyChecklist headingOrder={3} />
    </Paper>
  );
}
