import { medicationAtTime } from '../../../lib/time-of-day';
import { Button, Group } from '@mantine/core';
import type { Medication } from '@tend/shared';
import { IconPill, IconPlus } from '@tabler/icons-react';
import { useRef } from 'react';
import { Link } from 'react-router';
import { AreaPage } from '../../../components/area-page';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LoadMoreButton } from '../../../components/load-more-button';
import { useConfirmedAction } from '../../../components/use-confirmed-action';
import { useOwnPages } from '../../../lib/acting-for';
import { useDeleteMedication } from '../api/delete-medication';
import { useMedications } from '../api/list-medications';
import { MedicationTable } from '../components/medication-table';
import { NoMedicationsYet } from '../components/no-medications-yet';
import { useMedicationsT } from '../i18n';
import { LiveStatus } from '../../../components/live-status';
import { QueryProgress } from '../../../components/query-progress';

/** /patient/medications: SPEC §2's table (DESIGN titles it "Medications"), with a confirmed delete. */
export function MedicationsPage() {
  const { t } = useMedicationsT();
  const medications = useMedications();
  const deletion = useDeleteMedication();
  const own = useOwnPages();
  const statusRef = useRef<HTMLDivElement>(null);
  const { target, status, ask, dialog } = useConfirmedAction<Medication>(
    deletion,
    statusRef,
    (medication) => t('list.deleted', { name: medicationAtTime(medication) }),
  );

  return (
    <AreaPage heading={t('list.heading')} intro={t('list.intro')}>
      <Group justify="space-between" align="center" mb="md" gap="sm">
        <LiveStatus status={status} ref={statusRef} />
        {own && medications.isSuccess && medications.data.length > 0 && (
          <Button
            component={Link}
            to="/patient/create-medication"
            leftSection={<IconPlus size={18} aria-hidden />}
          >
            {t('shared.createMedication')}
          </Button>
        )}
      </Group>
      <QueryProgress
        query={medications}
        loading={t('list.loading')}
        failed={t('shared.loadError')}
      />
      {medications.isSuccess &&
        (medications.data.length === 0 ? (
          <NoMedicationsYet
            icon={<IconPill size={28} aria-hidden />}
            description={t('list.emptyText')}
          />
        ) : (
          <>
            <MedicationTable medications={medications.data} onDelete={ask} />
            <LoadMoreButton query={medications} label={t('shared.loadMore')} />
          </>
        ))}
      <ConfirmDialog
        {...dialog}
        title={t('list.confirmTitle')}
        confirmLabel={t('list.confirmYes')}
        cancelLabel={t('list.confirmNo')}
      >
        {t('list.confirmText', {
          name: target ? medicationAtTime(target) : t('list.thisMedication'),
        })}
      </ConfirmDialog>
    </AreaPage>
  );
}
