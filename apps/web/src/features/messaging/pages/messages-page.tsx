import { Stack } from '@mantine/core';
import type { UserType } from '@tend/shared';
import { AreaPage } from '../../../components/area-page';
import { useMe } from '../../../lib/me';
import { ConversationList } from '../components/conversation-list';
import { StartConversation } from '../components/start-conversation';
import { useMessagingLiveUpdates } from '../components/use-messaging-live-updates';
import { useMessagingT } from '../i18n';

function MessagesPage({ area }: { area: UserType }) {
  const { t } = useMessagingT();
  useMessagingLiveUpdates();
  const myId = useMe().data?._id;
  return (
    <AreaPage
      heading={t('page.heading')}
      intro={area === 'patient' ? t('page.patientIntro') : t('page.doctorIntro')}
    >
      <Stack gap="lg">
        <ConversationList area={area} myId={myId} />
        <StartConversation area={area} />
      </Stack>
    </AreaPage>
  );
}

/** /patient/messages */
export const PatientMessagesPage = () => <MessagesPage area="patient" />;
/** /doctor/messages */
export const DoctorMessagesPage = () => <MessagesPage area="doctor" />;
