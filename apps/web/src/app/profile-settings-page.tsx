import { ProfileSettingsPage } from '../features/account/pages/profile-settings-page';
import { RecordDownloadSection } from '../features/record/components/record-download-section';

// Like the dashboards, the app puts two features together so neither imports the other.

/** /…/profile-settings: a patient also downloads their whole record there (FHIR, issue 24). */
export function ProfileSettingsRoute() {
  return (
    <ProfileSettingsPage
      recordSection={(profile) =>
        profile.userType === 'patient' ? <RecordDownloadSection /> : null
      }
    />
  );
}
