import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { AreaPage } from '../../../components/area-page';
import { fullName } from '../../../lib/me';
import { useLinkedPatients } from '../api/list-patients';
import { PatientPicker } from '../components/patient-picker';
import { ReportListSection } from '../components/report-list-section';
import { UploadReportForm } from '../components/upload-report-form';
import { useReportsT } from '../i18n';

/**
 * /doctor/medical-report: first the newest reports across every linked patient; choosing one here
 * (or ?patient=<id>) narrows to that patient, whose record the doctor can add to (a lab result).
 */
export function DoctorReportsPage() {
  const { t } = useReportsT();
  const [params, setParams] = useSearchParams();
  const patientId = params.get('patient') ?? '';
  const patients = useLinkedPatients();
  const chosen = patients.data?.find((patient) => patient._id === patientId);
  const name = chosen ? fullName(chosen) : t('pages.thisPatient');

  return (
    <AreaPage heading={t('pages.heading')} intro={t('pages.doctorIntro')}>
      <Stack gap="lg">
        <PatientPicker
          value={patientId}
          onChange={(id) => setParams(id === '' ? {} : { patient: id })}
        />
        {patientId !== '' && (
          <>
            {/* Offered only for a patient listed as linked; the server decides either way. */}
            {chosen && (
              <UploadReportForm
                key={`upload-${patientId}`}
                patientId={patientId}
                heading={t('pages.doctorUpload', { name })}
                description={t('pages.doctorUploadText')}
              />
            )}
            <ReportListSection
              key={`list-${patientId}`}
              area="doctor"
              patientId={patientId}
              heading={t('pages.doctorList', { name })}
              emptyText={t('pages.doctorEmpty')}
            />
          </>
        )}
        {patientId === '' && patients.isSuccess && patients.data.length > 0 && (
          <ReportListSection
            area="doctor"
            heading={t('pages.doctorNewest')}
            emptyText={t('pages.doctorNewestEmpty')}
          />
        )}
      </Stack>
    </AreaPage>
  );
}
