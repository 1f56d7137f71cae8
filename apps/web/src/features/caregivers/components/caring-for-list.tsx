import { Badge, Button, Group, Paper, Stack, Switch, Text, Title } from '@mantine/core';
import type { Caregiving } from '@tend/shared';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { FailureAlert } from '../../../components/failure-alert';
import { LiveStatus } from '../../../components/live-status';
import { LoadMoreButton } from '../../../components/load-more-button';
import { PlainList } from '../../../components/plain-list';
import { QueryProgress } from '../../../components/query-progress';
import { SectionPanel } from '../../../components/section-panel';
import { useConfirmedAction } from '../../../components/use-confirmed-action';
import { useMe } from '../../../lib/me';
import {
  useAcceptInvitation,
  useChangeCaregiver,
  useDeclineInvitation,
  useEndCaregiving,
} from '../api/caregiver-changes';
import { useCaringFor } from '../api/list-caregivers';
import { useCaregiversT } from '../i18n';
import { AreaSummary } from './area-fields';
import { careFor } from './caring-for-switcher';
import { AddDependentDialog, OwnSignInDialog } from './dependent-dialogs';
import { dayOf, patientName } from './person-words';

type Translate = ReturnType<typeof useCaregiversT>['t'];
/**
 * Words said once something is done, drawn with the translator of the page's language now (one
 * captured earlier stays in its own language).
 */
type Words = (t: Translate) => string;
type Said = (words: Words) => void;

/** An invitation to the person: who asks, for what, Accept or Decline. */
function InvitationToMe({ caregiving, onDone }: { caregiving: Caregiving; onDone: Said }) {
  const { t } = useCaregiversT();
  const accept = useAcceptInvitation();
  const decline = useDeclineInvitation();
  const name = patientName(caregiving);
  const failed = accept.error ?? decline.error;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <Title order={3} size="h5">
          {t('caring.invitesYou', { name })}
        </Title>
        <Badge variant="light" color="gray" c="gray.8">
          {t('mine.invited')}
        </Badge>
      </Group>
      <AreaSummary areas={caregiving.areas} />
      <FailureAlert title={t('caring.notDone')} message={failed?.message} />
      <Group gap="sm">
        <Button
          loading={accept.isPending}
          disabled={decline.isPending}
          aria-label={t('caring.acceptLabel', { name })}
          onClick={() =>
            accept.mutate(
              { id: caregiving._id },
              { onSuccess: () => onDone((now) => now('caring.accepted', { name })) },
            )
          }
        >
          {t('caring.accept')}
        </Button>
        <Button
          variant="default"
          loading={decline.isPending}
          disabled={accept.isPending}
          aria-label={t('caring.declineLabel', { name })}
          onClick={() =>
            decline.mutate(
              { id: caregiving._id },
              { onSuccess: () => onDone((now) => now('caring.declined', { name })) },
            )
          }
        >
          {t('caring.decline')}
        </Button>
      </Group>
    </Stack>
  );
}

/** Someone the person helps: what they share, open their pages, alerts wanted, step back. */
function PersonICareFor({
  caregiving,
  timeZone,
  onStepBack,
  onOwnSignIn,
}: {
  caregiving: Caregiving;
  timeZone: string;
  onStepBack: () => void;
  /** A dependent without a sign-in: send them one (stepping back would leave them with nobody). */
  onOwnSignIn: () => void;
}) {
  const { t } = useCaregiversT();
  const navigate = useNavigate();
  const change = useChangeCaregiver();
  const name = patientName(caregiving);
  const [alertsSaved, setAlertsSaved] = useState(false);
  const [wanted, setWanted] = useState<boolean | null>(null);
  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-start" gap="xs">
        <Stack gap={2}>
          <Title order={3} size="h5">
            {name}
          </Title>
          {caregiving.acceptedAt && (
            <Text size="sm">
              {t('mine.since', { date: dayOf(caregiving.acceptedAt, timeZone) })}
            </Text>
          )}
        </Stack>
        <Badge variant="light" color="tend" c="tend.9">
          {caregiving.dependent ? t('dependent.badge') : t('mine.active')}
        </Badge>
      </Group>
      {caregiving.dependent && <Text size="sm">{t('dependent.explained', { name })}</Text>}
      <AreaSummary areas={caregiving.areas} />
      <Switch
        // Follows the click while it is saved (and the list refreshed); the list's answer after.
        checked={wanted ?? caregiving.alerts.misseddoses}
        disabled={change.isPending}
        label={t('caring.wantAlerts', { name })}
        description={t('alerts.summaryOn', { count: caregiving.alerts.delayminutes })}
        onChange={(event) => {
          const checked = event.currentTarget.checked;
          setAlertsSaved(false);
          setWanted(checked);
          change.mutate(
            { id: caregiving._id, alerts: { misseddoses: checked } },
            { onSuccess: () => setAlertsSaved(true), onSettled: () => setWanted(null) },
          );
        }}
      />
      <LiveStatus status={alertsSaved ? t('caring.alertsSaved') : null} />
      <FailureAlert title={t('caring.notDone')} message={change.error?.message} />
      <Group gap="sm">
        <Button
          aria-label={t('caring.openLabel', { name })}
          onClick={() => {
            void navigate(careFor(caregiving));
          }}
        >
          {t('caring.open')}
        </Button>
        {caregiving.dependent ? (
          <Button
            variant="default"
            aria-label={t('dependent.ownLabel', { name })}
            onClick={onOwnSignIn}
          >
            {t('dependent.own')}
          </Button>
        ) : (
          <Button
            variant="outline"
            color="red.9"
            aria-label={t('caring.stepBackLabel', { name })}
            onClick={onStepBack}
          >
            {t('caring.stepBack')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

/** People I care for (`?as=caregiver`): invitations to answer, and those I already help. */
export function CaringForList() {
  const { t } = useCaregiversT();
  const people = useCaringFor();
  const timeZone = useMe().data?.timezone ?? 'UTC';
  const [said, setSaid] = useState<Words | null>(null);
  const statusRef = useRef<HTMLDivElement>(null);
  const ending = useEndCaregiving();
  const { target, status, ask, dialog } = useConfirmedAction<Caregiving>(
    ending,
    statusRef,
    (caregiving) => t('caring.steppedBack', { name: patientName(caregiving) }),
  );
  const done = (words: Words) => {
    setSaid(() => words);
    statusRef.current?.focus();
  };
  const [adding, setAdding] = useState(false);
  const [signingIn, setSigningIn] = useState<Caregiving | null>(null);
  return (
    <SectionPanel title={t('caring.title')} intro={t('caring.intro')}>
      <LiveStatus status={said?.(t) ?? status} ref={statusRef} mb="md" />
      <Group mb="md">
        <Button variant="default" onClick={() => setAdding(true)}>
          {t('dependent.add')}
        </Button>
      </Group>
      <QueryProgress query={people} loading={t('caring.loading')} failed={t('caring.loadError')} />
      {people.isSuccess && people.data.length === 0 && <Text>{t('caring.none')}</Text>}
      {people.isSuccess && people.data.length > 0 && (
        <PlainList gap="sm">
          {people.data.map((caregiving) => (
            <Paper key={caregiving._id} withBorder radius="md" p="md" component="li">
              {caregiving.status === 'invited' ? (
                <InvitationToMe caregiving={caregiving} onDone={done} />
              ) : (
                <PersonICareFor
                  caregiving={caregiving}
                  timeZone={timeZone}
                  onStepBack={() => {
                    setSaid(null);
                    ask(caregiving);
                  }}
                  onOwnSignIn={() => {
                    setSaid(null);
                    setSigningIn(caregiving);
                  }}
                />
              )}
            </Paper>
          ))}
        </PlainList>
      )}
      <LoadMoreButton query={people} label={t('caring.loadMore')} />
      <AddDependentDialog
        opened={adding}
        onClose={() => setAdding(false)}
        onAdded={(name) => {
          setAdding(false);
          done((now) => now('dependent.added', { name }));
        }}
      />
      <OwnSignInDialog
        dependent={signingIn}
        onClose={() => setSigningIn(null)}
        onSent={({ name, email }) => {
          setSigningIn(null);
          done((now) => now('dependent.ownSent', { name, email }));
        }}
      />
      <ConfirmDialog
        {...dialog}
        title={t('caring.confirmTitle')}
        confirmLabel={t('caring.stepBack')}
        cancelLabel={t('caring.keep')}
      >
        {t('caring.confirmText', { name: target ? patientName(target) : '' })}
      </ConfirmDialog>
    </SectionPanel>
  );
}
