import { AreaPage } from '../../../components/area-page';
import { useActingFor } from '../../../lib/acting-for';
import { DailyChecklist } from '../components/daily-checklist';
import { fullDate } from '../components/dates';
import { usePatientToday } from '../components/use-today';
import { useMedicationsT } from '../i18n';

/** /patient/daily-medication: today's checklist, fresh every day. */
export function DailyMedicationPage() {
  const { t } = useMedicationsT();
  const today = usePatientToday();
  const acting = useActingFor();
  const date = fullDate(today);
  return (
    <AreaPage
      heading={t('daily.heading')}
      // The formatter is kept per language (i18n/format.ts): the page draws again on every tick.
      intro={
        acting ? t('daily.introCaring', { date, name: acting.name }) : t('daily.intro', { date })
      }
    >
      <DailyChecklist headingOrder={2} />
    </AreaPage>
  );
}
