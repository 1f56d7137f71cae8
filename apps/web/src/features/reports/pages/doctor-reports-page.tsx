import { Stack } from '@mantine/core';
import { useSearchParams } from 'react-router';
import { AreaPage } from '../../../components/area-page';
import { fullName } from '../../../lib/me';
import { useLinkedPatients } from '../api/list-patients';
import { PatientPicker } from '../components/patient-picker';
import { ReportListSection } from '../components/report-list-section';
import { UploadReportForm } from '../components/upload-report-form';

/**
 * /doctor/medical-report: first the newest reports across every linked patient; choosing one here
 * (or ?patient=<id>) narrows to that patient, whose record the doctor can add to (a lab result).
 */
export function DoctorReportsPage() {
  const [params, setParams] = useSearchParams();
  const patientId = params.get('patient') ?? '';
  const patients = useLinkedPatients();
  const chosen = patients.data?.find((patient) => patient._id === patientId);
  const name = chosen ? fullName(chosen) : 'this patient';

  return (
    <AreaPage
      heading="Medical Report"
      intro="The reports of patients who share their records with you. Each time you open one, the patient can see it in their access log."
    >
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
                heading={`Upload a report for ${name}`}
                description="It is added to the patient's record, where they see that you uploaded it."
              />
            )}
            <ReportListSection
              key={`list-${patientId}`}
              area="doctor"
              patientId={patientId}
              heading={`Reports of ${name}`}
              emptyText="This patient has no reports yet. Reports they or their doctors upload are listed here, newest first."
            />
          </>
        )}
        {patientId === '' && patients.isSuccess && patients.data.length > 0 && (
          <ReportListSection
            area="doctor"
            heading="Newest reports of your patients"
            emptyText="None of your patients has a report yet. Reports they or their doctors upload are listed here, newest first."
          />
        )}
      </Stack>
    </AreaPage>
  );
}
