import { AreaPage } from '../../../components/area-page';
import { DailyChecklist } from '../components/daily-checklist';
import { usePatientToday } from '../components/use-today';

// Made once: a formatter costs milliseconds to make, and the page draws again on every tick.
const fullDate = new Intl.DateTimeFormat('en-US', { dateStyle: 'full', timeZone: 'UTC' });

const longDate = (date: string) => fullDate.format(new Date(`${date}T00:00:00Z`));

/** /patient/daily-medication: today's checklist, fresh every day. */
export function DailyMedicationPage() {
  const today = usePatientToday();
  return (
    <AreaPage
      heading="Daily Medication"
      intro={`${longDate(today)}. Tick each dose as you take it; the list starts fresh every day.`}
    >
      <DailyChecklist headingOrder={2} />
    </AreaPage>
  );
}
