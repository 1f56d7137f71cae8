import { EmptyState } from '@mantine/core';
import { IconUsers } from '@tabler/icons-react';
import { useTrackingT } from '../i18n';

export function NoPatientsYet() {
  const { t } = useTrackingT();
  return (
    <EmptyState
      align="left"
      icon={<IconUsers size={28} aria-hidden />}
      title={t('noPatients.title')}
      description={t('noPatients.text')}
    />
  );
}
