import { Stack } from '@mantine/core';
import { AreaPage } from '../../../components/area-page';
import { CsvImportExport } from '../components/csv-import';
import { HealthCharts } from '../components/health-charts';
import { HealthStatusPanel } from '../components/health-status-panel';
import { ReadingsList } from '../components/readings-list';
import { useMeasurementsT } from '../i18n';

/** /patient/health: the latest readings, a chart per kind, every reading, import and export. */
export function HealthPage() {
  const { t } = useMeasurementsT();
  return (
    <AreaPage heading={t('page.heading')} intro={t('page.intro')}>
      <Stack gap="xl">
        <HealthStatusPanel patientId={null} />
        <HealthCharts patientId={null} />
        <ReadingsList patientId={null} />
        <CsvImportExport />
      </Stack>
    </AreaPage>
  );
}
