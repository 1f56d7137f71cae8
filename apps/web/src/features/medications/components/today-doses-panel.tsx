import { SectionPanel } from '../../../components/section-panel';
import { useMedicationsT } from '../i18n';
import { DailyChecklist } from './daily-checklist';

/** For the patient's dashboard: today's checklist, tickable right there. */
export function TodayDosesPanel() {
  const { t } = useMedicationsT();
  return (
    <SectionPanel
      title={t('today.title')}
      link={{ to: '/patient/daily-medication', label: t('today.open') }}
    >
      <DailyChecklist headingOrder={3} />
    </SectionPanel>
  );
}
