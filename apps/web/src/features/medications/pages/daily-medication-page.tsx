import { AreaPage } from '../../../components/area-page';
import { DailyChecklist } from '../components/daily-checklist';
import { fullDate } from '../components/dates';
import { usePatientToday } from '../components/use-today';
import { useMedicationsT } from '../i18n';

/** /patient/daily-medication: today's checklist, fresh every day. */
export function DailyMedicationPage() {
  const { t } = useMedicationsT();
  const today = usePatientToday();
  return (
    <AreaPage
      heading={t('daily.heading')}
      // The formatter is kept per language (i18n/format.ts): the page draws again on every tick.
      intro={t('daily.intro', { date: fullDate(today) })}
    >
      <DailyChecklist headingOrder={2} />
    </AreaPage>
  );
}
