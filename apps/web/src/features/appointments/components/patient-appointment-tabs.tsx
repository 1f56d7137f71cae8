import { Tabs } from '@mantine/core';
import type { ReactNode } from 'react';
import { BillingTable } from './billing-table';
import { PatientUpcomingList } from './patient-upcoming-list';
import { useAppointmentActions } from './use-appointment-actions';
import { useViewerTimeZone } from './use-viewer-time-zone';
import { useAppointmentsT } from '../i18n';
import { SectionPanel } from '../../../components/section-panel';

type Props = {
  /** The Prescriptions tab's content, from the prescriptions feature (app/dashboards.tsx hands it in). */
  prescriptions: ReactNode;
  /** The Medical Records tab's content, from the reports feature (app/dashboards.tsx hands it in). */
  records: ReactNode;
};

/** /patient: SPEC §2's dashboard tabs Appointment, Prescriptions, Medical Records and Billing. */
export function PatientAppointmentTabs({ prescriptions, records }: Props) {
  const { t } = useAppointmentsT();
  const timeZone = useViewerTimeZone();
  const actions = useAppointmentActions('patient', timeZone);
  return (
    <SectionPanel title={t('tabs.title')}>
      {actions.statusLine}
      <Tabs defaultValue="appointment" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="appointment">{t('tabs.appointment')}</Tabs.Tab>
          <Tabs.Tab value="prescriptions">{t('tabs.prescriptions')}</Tabs.Tab>
          <Tabs.Tab value="records">{t('tabs.records')}</Tabs.Tab>
          <Tabs.Tab value="billing">{t('tabs.billing')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="appointment">
          <PatientUpcomingList timeZone={timeZone} actions={actions} />
        </Tabs.Panel>
        <Tabs.Panel value="prescriptions">{prescriptions}</Tabs.Panel>
        <Tabs.Panel value="records">{records}</Tabs.Panel>
        <Tabs.Panel value="billing">
          <BillingTable timeZone={timeZone} actions={actions} />
        </Tabs.Panel>
      </Tabs>
      {actions.dialogs}
    </SectionPanel>
  );
}
