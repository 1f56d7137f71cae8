import { Button, EmptyState } from '@mantine/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useOwnPages } from '../../../lib/acting-for';
import { useMedicationsT } from '../i18n';

type Props = { icon: ReactNode; description: string };

/** "No medications yet", with what to do first: Create Medication. */
export function NoMedicationsYet({ icon, description }: Props) {
  const { t } = useMedicationsT();
  const own = useOwnPages();
  return (
    <EmptyState
      align="left"
      icon={icon}
      title={t('shared.noMedicationsYet')}
      description={description}
    >
      {own && (
        <EmptyState.Actions>
          <Button component={Link} to="/patient/create-medication">
            {t('shared.createMedication')}
          </Button>
        </EmptyState.Actions>
      )}
    </EmptyState>
  );
}
