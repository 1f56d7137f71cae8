import { Anchor, Badge, Group, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { LoadMoreButton } from '../../../components/load-more-button';
import { UserAvatar } from '../../../components/user-avatar';
import { useLiveEvent } from '../../../lib/live-events';
import { fullName } from '../../../lib/me';
import { trackingKeys } from '../api/keys';
import { usePatients } from '../api/list-patients';
import { useTrackingT } from '../i18n';
import { NoPatientsYet } from './no-patients-yet';
import { adherenceInWords, kindsInWords } from './tracking-words';
import { QueryProgress } from '../../../components/query-progress';
import { SectionPanel } from '../../../components/section-panel';
import { PlainList } from '../../../components/plain-list';

/**
 * For the doctor's dashboard: who shares with them, least adherent this week first, each flagged
 * when a reading of the last 7 days was outside one of this doctor's targets (issue 21).
 */
export function LinkedPatientsPanel() {
  const { t } = useTrackingT();
  const patients = usePatients();
  const queryClient = useQueryClient();
  // A reading outside a target comes with a notification: the flags are fetched afresh with it.
  useLiveEvent('notification', () => {
    void queryClient.invalidateQueries({ queryKey: trackingKeys.patients });
  });
  return (
    <SectionPanel title={t('panel.heading')} intro={t('panel.intro')}>
      <QueryProgress query={patients} loading={t('panel.loading')} failed={t('panel.loadFailed')} />
      {patients.isSuccess && patients.data.length === 0 && <NoPatientsYet />}
      {patients.isSuccess && patients.data.length > 0 && (
        <PlainList gap="sm">
          {patients.data.map((patient) => (
            <Group component="li" key={patient._id} gap="sm" wrap="nowrap">
              <UserAvatar person={patient} size={40} alt="" />
              <div style={{ minWidth: 0 }}>
                <Anchor
                  component={Link}
                  to={`/doctor/tracking-medication?patient=${encodeURIComponent(patient._id)}`}
                  fw={600}
                  c="tend.8"
                  style={{ overflowWrap: 'anywhere' }}
                >
                  {fullName(patient)}
                </Anchor>
                <Text size="sm">
                  {t('panel.thisWeek', { adherence: adherenceInWords(t, patient.adherence7) })}
                </Text>
                {patient.outsidetarget.length > 0 && (
                  <Badge
                    color="red.9"
                    radius="sm"
                    tt="none"
                    mt={4}
                    h="auto"
                    py={4}
                    styles={{ label: { whiteSpace: 'normal', overflow: 'visible' } }}
                  >
                    {t('panel.outside', { kinds: kindsInWords(t, patient.outsidetarget) })}
                  </Badge>
                )}
              </div>
            </Group>
          ))}
        </PlainList>
      )}
      <LoadMoreButton query={patients} label={t('panel.loadMore')} />
    </SectionPanel>
  );
}
