import { Button, Text } from '@mantine/core';
import type { Caregiving } from '@tend/shared';
import { IconUserPlus } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { LiveStatus } from '../../../components/live-status';
import { LoadMoreButton } from '../../../components/load-more-button';
import { PlainList } from '../../../components/plain-list';
import { QueryProgress } from '../../../components/query-progress';
import { SectionPanel } from '../../../components/section-panel';
import { useConfirmedAction } from '../../../components/use-confirmed-action';
import { useMe } from '../../../lib/me';
import { useEndCaregiving } from '../api/caregiver-changes';
import { useMyCaregivers } from '../api/list-caregivers';
import { useCaregiversT } from '../i18n';
import { CaregiverCard } from './caregiver-card';
import { InviteDialog } from './invite-dialog';
import { caregiverName } from './person-words';

type Translate = ReturnType<typeof useCaregiversT>['t'];
/** Words said once something is done, drawn with the translator of the page's language now. */
type Words = (t: Translate) => string;

/** The patient's caregivers and open invitations: invite, change what each may do, remove. */
export function MyCaregivers() {
  const { t } = useCaregiversT();
  const caregivers = useMyCaregivers();
  const timeZone = useMe().data?.timezone ?? 'UTC';
  const [inviting, setInviting] = useState(false);
  // Said in the page's language at every draw, so a change of language changes it too (the words
  // get the translator of the moment: one captured earlier stays in its own language).
  const [saved, setSaved] = useState<Words | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const removing = useEndCaregiving();
  const { target, status, ask, dialog } = useConfirmedAction<Caregiving>(
    removing,
    statusRef,
    (caregiving) => t('mine.removed', { name: caregiverName(caregiving) }),
  );

  return (
    <SectionPanel title={t('mine.title')} intro={t('mine.intro')}>
      <Button
        leftSection={<IconUserPlus size={18} aria-hidden />}
        onClick={() => setInviting(true)}
        mb="md"
      >
        {t('mine.invite')}
      </Button>
      <LiveStatus status={saved?.(t) ?? status} ref={statusRef} mb="md" />
      <QueryProgress query={caregivers} loading={t('mine.loading')} failed={t('mine.loadError')} />
      {caregivers.isSuccess && caregivers.data.length === 0 && <Text>{t('mine.none')}</Text>}
      {caregivers.isSuccess && caregivers.data.length > 0 && (
        <PlainList gap="sm">
          {caregivers.data.map((caregiving) => (
            <CaregiverCard
              key={caregiving._id}
              caregiving={caregiving}
              timeZone={timeZone}
              onRemove={() => {
                setSaved(null);
                ask(caregiving);
              }}
              onSaved={(words) => setSaved(() => () => words)}
            />
          ))}
        </PlainList>
      )}
      <LoadMoreButton query={caregivers} label={t('mine.loadMore')} />
      <InviteDialog
        opened={inviting}
        onClose={() => setInviting(false)}
        onSent={(email) => {
          setInviting(false);
          setSaved(() => (now: Translate) => now('invite.sent', { email }));
        }}
      />
      <ConfirmDialog
        {...dialog}
        title={t('mine.confirmTitle')}
        confirmLabel={t('mine.remove')}
        cancelLabel={t('mine.keep')}
      >
        {t('mine.confirmText', { name: target ? caregiverName(target) : '' })}
      </ConfirmDialog>
    </SectionPanel>
  );
}
