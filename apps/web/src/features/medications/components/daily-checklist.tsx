import { medicationAtTime } from '../../../lib/time-of-day';
import { Button, Checkbox, EmptyState, Loader, Stack, Text, Title } from '@mantine/core';
import { isDueOn, localDate, TIME_FREQUENCIES, type Medication } from '@tend/shared';
import { IconChecklist } from '@tabler/icons-react';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { startTransition, useEffect, useOptimistic, useState } from 'react';
import { Link } from 'react-router';
import { LoadMoreButton } from '../../../components/load-more-button';
import { QueryError } from '../../../components/query-error';
import { useMe } from '../../../lib/me';
import { deviceTimeZone } from '../../../lib/time-zone';
import { useOnline } from '../../../lib/use-online';
import { updateCachedMedications, useMedications } from '../api/list-medications';
import { useRecordTodayDose, type TodayDose } from '../api/record-today-dose';
import { useActingFor, useOwnPages } from '../../../lib/acting-for';
import { useMedicationsT } from '../i18n';
import { NoMedicationsYet } from './no-medications-yet';
import { useDoseQueue } from '../offline/use-dose-queue';
import { NoOfflineCopy, OfflineNote, RefusedTicks, WarningNote } from './offline-notes';
import { usePatientToday } from './use-today';
import { FailureAlert } from '../../../components/failure-alert';
import { PlainList } from '../../../components/plain-list';

type Props = {
  /** The level of the Day / Afternoon / Night headings where the list sits. */
  headingOrder: 2 | 3;
};

function DoseCheckbox({
  medication,
  saved,
  waiting,
  onChange,
  readOnly = false,
}: {
  medication: Medication;
  /** Shown, not tickable: a caregiver the patient lets see the medications but not tick. */
  readOnly?: boolean;
  /** Taken today, as saved or as waiting on this device to be sent. */
  saved: boolean;
  /** The tick is kept on this device until Tend can be reached. */
  waiting: boolean;
  /** Saves the tick; resolves when the save is over. */
  onChange: (taken: boolean) => Promise<void>;
}) {
  // The box follows the click in the same frame, until the save is over and the cache says.
  const [taken, setTaken] = useOptimistic(saved);
  const { t } = useMedicationsT();
  return (
    <Checkbox
      size="md"
      checked={taken}
      disabled={readOnly}
      description={waiting ? t('checklist.waiting') : undefined}
      onChange={(event) => {
        const checked = event.currentTarget.checked;
        startTransition(async () => {
          setTaken(checked);
          await onChange(checked);
        });
      }}
      label={
        <>
          <Text span fw={600}>
            {medication.name}
          </Text>
          {medication.dosage && (
            <Text span c="dimmed">
              {` ${medication.dosage}`}
            </Text>
          )}
        </>
      }
      styles={{ label: { overflowWrap: 'anywhere' } }}
    />
  );
}

function NothingToday({ hasMedications }: { hasMedications: boolean }) {
  const { t } = useMedicationsT();
  const own = useOwnPages();
  if (!hasMedications) {
    return (
      <NoMedicationsYet
        icon={<IconChecklist size={28} aria-hidden />}
        description={t('checklist.addFirst')}
      />
    );
  }
  return (
    <EmptyState
      align="left"
      icon={<IconChecklist size={28} aria-hidden />}
      title={t('checklist.nothingToday')}
      description={t('checklist.nothingTodayText')}
    >
      <EmptyState.Actions>
        <Button component={Link} to="/patient/medications" variant="default">
          {t('checklist.seeAll')}
        </Button>
        {own && (
          <Button component={Link} to="/patient/create-medication">
            {t('shared.createMedication')}
          </Button>
        )}
      </EmptyState.Actions>
    </EmptyState>
  );
}

/**
 * Today's doses (SPEC §2 daily medication): the medications due today in the patient's time zone,
 * by time of day. A tick is saved at once and shown at once; if the save fails it is undone and
 * the reason is said in words (DESIGN fixes the spec's silent loss).
 */
export function DailyChecklist({ headingOrder }: Props) {
  const { t } = useMedicationsT();
  const medications = useMedications({ live: true });
  const today = usePatientToday();
  const online = useOnline();
  const queryClient = useQueryClient();
  const queue = useDoseQueue();
  const [failure, setFailure] = useState<string | null>(null);
  const nameOf = (id: string) => {
    const medication = medications.data?.find((m) => m._id === id);
    return medication ? medicationAtTime(medication) : t('checklist.thisMedication');
  };
  const notSaved = (id: string, taken: boolean, reason: string) =>
    setFailure(
      t(taken ? 'checklist.notSavedTaken' : 'checklist.notSavedNotTaken', {
        name: nameOf(id),
        reason,
      }),
    );
  const keepForLater = async (id: string, taken: boolean) => {
    const kept = await queue.enqueue({ medicationId: id, name: nameOf(id), date: today, taken });
    if (kept) return;
    updateCachedMedications(queryClient, (list) =>
      list.map((m) => (m._id === id ? { ...m, taken: !taken } : m)),
    );
    notSaved(id, taken, t('checklist.notKept'));
  };
  // A caregiver ticks for the patient only with `doses`, and only online: the device's queue of
  // ticks is its own person's.
  const acting = useActingFor();
  const canTick = !acting || acting.areas.includes('doses');
  const { record } = useRecordTodayDose({
    onFailure: (error, dose) => notSaved(dose.id, dose.taken, error.message),
    ...(!acting && { onOffline: (dose: TodayDose) => void keepForLater(dose.id, dose.taken) }),
  });
  useFreshDay(medications.dataUpdatedAt, today);

  if (medications.isPending) {
    if (medications.fetchStatus === 'paused') return <NoOfflineCopy />;
    return <Loader aria-label={t('checklist.loading')} />;
  }
  const list = medications.data;
  // With a copy on this device (kept from an earlier visit), a failed refresh still shows it.
  if (!list) {
    return (
      <QueryError
        title={t('shared.loadError')}
        error={medications.error ?? new Error(t('checklist.tryAgain'))}
        onRetry={() => void medications.refetch()}
      />
    );
  }

  const waiting = new Map(
    queue.waiting.filter((dose) => dose.date === today).map((dose) => [dose.medicationId, dose]),
  );
  const takenToday = (medication: Medication) =>
    waiting.get(medication._id)?.taken ?? medication.taken;
  const due = list.filter((medication) => isDueOn(medication, today));
  const more = <LoadMoreButton query={medications} label={t('shared.loadMore')} />;
  if (due.length === 0 && !medications.hasNextPage) {
    return <NothingToday hasMedications={list.length > 0} />;
  }

  const taken = due.filter(takenToday).length;
  const groups = TIME_FREQUENCIES.map((time) => ({
    time,
    items: due.filter((medication) => medication.timefrequency === time),
  })).filter((group) => group.items.length > 0);

  const change = (medication: Medication, checked: boolean) => {
    setFailure(null);
    if (onlineManager.isOnline() || acting) return record({ id: medication._id, taken: checked });
    // Offline: no request that can only fail; the tick is kept and shown at once.
    updateCachedMedications(queryClient, (list) =>
      list.map((m) => (m._id === medication._id ? { ...m, taken: checked } : m)),
    );
    return keepForLater(medication._id, checked);
  };

  return (
    <Stack gap="lg">
      <OfflineNote online={online} waiting={waiting.size} />
      <RefusedTicks refused={queue.refused} onDismiss={queue.dismissRefused} />
      {online && medications.isError && (
        <WarningNote title={t('checklist.staleTitle')}>
          {t('checklist.stale', { reason: medications.error.message })}
        </WarningNote>
      )}
      <Text fw={600}>
        {medications.hasNextPage
          ? t('checklist.progressPartial', { taken, due: due.length })
          : taken === due.length
            ? t('checklist.progressAll', { count: due.length })
            : t('checklist.progress', { taken, due: due.length })}
      </Text>
      <FailureAlert
        title={t('shared.notSaved')}
        message={failure}
        dismissLabel={t('shared.dismissMessage')}
        onDismiss={() => setFailure(null)}
      />
      {groups.map((group) => (
        <div key={group.time}>
          <Title order={headingOrder} size="h4" mb="sm">
            {t(`timeOfDay.${group.time}`)}
          </Title>
          <PlainList gap="sm">
            {group.items.map((medication) => (
              <li key={medication._id}>
                <DoseCheckbox
                  medication={medication}
                  saved={takenToday(medication)}
                  waiting={waiting.has(medication._id)}
                  readOnly={!canTick}
                  onChange={(checked) => change(medication, checked)}
                />
              </li>
            ))}
          </PlainList>
        </div>
      ))}
      {more}
    </Stack>
  );
}

/**
 * A copy of the list kept from an earlier day (opened offline the next morning) still carries that
 * day's ticks: the new day starts unticked, as the server's list would.
 */
function useFreshDay(dataUpdatedAt: number, today: string) {
  const queryClient = useQueryClient();
  const timeZone = useMe().data?.timezone ?? deviceTimeZone() ?? 'UTC';
  useEffect(() => {
    if (dataUpdatedAt === 0 || localDate(new Date(dataUpdatedAt), timeZone) >= today) return;
    updateCachedMedications(queryClient, (list) => list.map((m) => ({ ...m, taken: false })));
  }, [dataUpdatedAt, today, timeZone, queryClient]);
}
