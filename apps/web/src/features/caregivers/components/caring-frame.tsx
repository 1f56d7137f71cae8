import { Alert, Button, Group, Paper, Text } from '@mantine/core';
import type { CaregiverArea } from '@tend/shared';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { AreaPage } from '../../../components/area-page';
import { ApiRequestError } from '../../../lib/api-client';
import { startActingFor, updateActingAreas, useActingFor } from '../../../lib/acting-for';
import { useLiveEvent } from '../../../lib/live-events';
import { caregiverKeys } from '../api/keys';
import { PendingInvitation } from './pending-invitation';
import { useCaringFor } from '../api/list-caregivers';
import { useCaregiversT } from '../i18n';
import {
  currentAreas,
  firstSharedPage,
  useBackToMyOwn,
  useCaringFromLink,
  useStillCaring,
} from './caring-for-switcher';

/**
 * The patient-area pages a caregiver may open, by the area that shares them; `own` is the person's
 * own inbox, which stays theirs while caring. Anything else (messages, the access log, settings,
 * changing the medication list) is never shown while caring.
 */
const PAGE_AREAS: readonly { path: RegExp; area: CaregiverArea | 'own' | 'dependent' }[] = [
  // A dependent's list, kept by the one who looks after them (decision 051).
  { path: /^\/patient\/create-medication\/?$/, area: 'dependent' },
  { path: /^\/patient\/doctors\/?$/, area: 'dependent' },
  { path: /^\/patient\/medications\/[^/]+\/edit\/?$/, area: 'dependent' },
  { path: /^\/patient\/daily-medication\/?$/, area: 'medications' },
  { path: /^\/patient\/medications(\/[^/]+)?\/?$/, area: 'medications' },
  { path: /^\/patient\/book-an-appointment\/?$/, area: 'appointments' },
  { path: /^\/patient\/prescriptions\/?$/, area: 'prescriptions' },
  { path: /^\/patient\/health\/?$/, area: 'measurements' },
  { path: /^\/patient\/medical-report(\/[^/]+)?\/?$/, area: 'reports' },
  { path: /^\/patient\/notifications\/?$/, area: 'own' },
];

/** Whether a page of the patient area shows while caring for someone who shares these areas. */
export function pageShownWhileCaring(
  pathname: string,
  acting: { areas: readonly CaregiverArea[]; dependent?: boolean | undefined },
): boolean {
  const page = PAGE_AREAS.find((entry) => entry.path.test(pathname));
  if (page === undefined) return false;
  if (page.area === 'own') return true;
  if (page.area === 'dependent') return acting.dependent === true;
  return acting.areas.includes(page.area);
}

/**
 * What keeps an open caregiver's view true: a `caregiving` event (invited, accepted, changed,
 * ended) refreshes both lists; a refusal from a shared area's gate (403 not shared, 404 no longer
 * a caregiver) asks the list again, which then says whether it has ended or what is shared now.
 */
export function useCaringLiveUpdates(): void {
  useCaringFromLink();
  const queryClient = useQueryClient();
  const acting = useActingFor();
  const people = useCaringFor();
  useLiveEvent('caregiving', () => {
    void queryClient.invalidateQueries({ queryKey: caregiverKeys.all });
  });

  const areas = currentAreas(people.data);
  const areasKey = areas.join();
  useEffect(() => {
    if (acting && people.isSuccess && areasKey !== acting.areas.join()) {
      updateActingAreas(areasKey === '' ? [] : (areasKey.split(',') as CaregiverArea[]));
    }
  }, [acting, people.isSuccess, areasKey]);

  // A dependent who took their own sign-in keeps their list themself from then on (decision 051).
  const dependentNow = people.data?.find(
    (caregiving) => caregiving.status === 'active' && caregiving.patient._id === acting?.patientId,
  )?.dependent;
  useEffect(() => {
    if (acting && dependentNow !== undefined && dependentNow !== (acting.dependent === true)) {
      startActingFor({ ...acting, dependent: dependentNow });
    }
  }, [acting, dependentNow]);

  useEffect(() => {
    if (!acting) return undefined;
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type !== 'updated' || event.action.type !== 'error') return;
      const error: unknown = event.action.error;
      if (error instanceof ApiRequestError && (error.status === 403 || error.status === 404)) {
        void queryClient.invalidateQueries({ queryKey: caregiverKeys.caringFor });
      }
    });
  }, [acting, queryClient]);
}

/**
 * Around the patient area's pages: while caring, a banner says whose pages these are, with "Back
 * to my own"; once the relation has ended, or on a page not shared, the page says so instead of
 * showing anything. A switch of person draws the page afresh (its queries are that person's).
 */
export function CaringFrame({ children }: { children: ReactNode }) {
  const { t } = useCaregiversT();
  const acting = useActingFor();
  const still = useStillCaring();
  const { pathname, search } = useLocation();
  const backToMyOwn = useBackToMyOwn();
  if (!acting) {
    // Back from signing in or up on an invitation's page: it waits here, on the front page and
    // on People who help me, until answered.
    const offered = /^\/patient(\/caregivers)?\/?$/.test(pathname);
    return (
      <>
        {offered && <PendingInvitation />}
        {children}
      </>
    );
  }

  const name = acting.name;
  const back = (
    <Button
      variant="white"
      color="dark"
      leftSection={<IconArrowBackUp size={18} aria-hidden />}
      onClick={backToMyOwn}
    >
      {t('banner.back')}
    </Button>
  );
  if (!still) {
    return (
      <AreaPage heading={t('banner.endedTitle', { name })}>
        <Alert color="red" variant="light" role="alert">
          <Text mb="sm">{t('banner.ended', { name })}</Text>
          {back}
        </Alert>
      </AreaPage>
    );
  }
  // The dashboard is one's own; while caring, the area opens on the first page shared (unless a
  // link naming a patient is being followed: useCaringFromLink decides that one).
  if (/^\/patient\/?$/.test(pathname) && !new URLSearchParams(search).has('patientId')) {
    return <Navigate to={firstSharedPage(acting.areas)} replace />;
  }
  return (
    <>
      <Paper bg="tend.9" c="white" radius="md" p="sm" mb="lg" role="region" aria-label={name}>
        <Group justify="space-between" gap="sm">
          <Text fw={600} c="white">
            {t('banner.text', { name })}
          </Text>
          {back}
        </Group>
      </Paper>
      {pageShownWhileCaring(pathname, acting) ? (
        <div key={acting.patientId}>{children}</div>
      ) : (
        <AreaPage heading={t('banner.notSharedTitle')}>
          <Text>{t('banner.notShared', { name })}</Text>
        </AreaPage>
      )}
    </>
  );
}
