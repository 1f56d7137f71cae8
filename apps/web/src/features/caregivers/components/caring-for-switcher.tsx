import { Button, Menu } from '@mantine/core';
import type { CaregiverArea, Caregiving } from '@tend/shared';
import { IconCheck, IconChevronDown, IconUsers } from '@tabler/icons-react';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { actingFor, startActingFor, stopActingFor, useActingFor } from '../../../lib/acting-for';
import { useCaringFor } from '../api/list-caregivers';
import { useCaregiversT } from '../i18n';
import { patientName } from './person-words';

/**
 * The patient-area page each shared area opens on, in the menu's order: choosing someone opens the
 * first they share.
 */
const FIRST_PAGE: readonly { area: CaregiverArea; path: string }[] = [
  { area: 'medications', path: '/patient/daily-medication' },
  { area: 'appointments', path: '/patient/book-an-appointment' },
  { area: 'prescriptions', path: '/patient/prescriptions' },
  { area: 'measurements', path: '/patient/health' },
  { area: 'reports', path: '/patient/medical-report' },
];

/** Where to go once caring for someone with these areas. */
export function firstSharedPage(areas: readonly CaregiverArea[]): string {
  return FIRST_PAGE.find((page) => areas.includes(page.area))?.path ?? '/patient/caregivers';
}

/** Shows this patient's pages from now on (lib/acting-for.ts decides every call from it). */
export function careFor(caregiving: Caregiving): string {
  startActingFor({
    patientId: caregiving.patient._id,
    name: patientName(caregiving),
    areas: caregiving.areas,
    dependent: caregiving.dependent,
  });
  return firstSharedPage(caregiving.areas);
}

/** Back to the person's own pages, on their dashboard. */
export function useBackToMyOwn(): () => void {
  const navigate = useNavigate();
  return () => {
    stopActingFor();
    void navigate('/patient');
  };
}

/**
 * "Caring for" in the header, shown only to someone who cares for anyone: the people they help,
 * and their own pages. Choosing one shows that person's pages.
 */
export function CaringForSwitcher() {
  const { t } = useCaregiversT();
  const acting = useActingFor();
  const navigate = useNavigate();
  const backToMyOwn = useBackToMyOwn();
  const people = useCaringFor();
  const active = (people.data ?? []).filter((caregiving) => caregiving.status === 'active');
  if (active.length === 0 && !acting) return null;

  const choose = (caregiving: Caregiving) => {
    void navigate(careFor(caregiving));
  };
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant={acting ? 'filled' : 'default'}
          size="sm"
          px="xs"
          leftSection={<IconUsers size={18} aria-hidden />}
          rightSection={<IconChevronDown size={16} aria-hidden />}
          // The name shown, said with what it is ("Caring for: Maria Silva"); on one's own pages
          // the button's words say it.
          aria-label={acting ? `${t('switcher.label')}: ${acting.name}` : undefined}
          maw={{ base: 150, sm: 260 }}
          styles={{ label: { overflow: 'hidden', textOverflow: 'ellipsis' } }}
        >
          {acting ? acting.name : t('switcher.label')}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('switcher.label')}</Menu.Label>
        {active.map((caregiving) => (
          <Menu.Item
            key={caregiving._id}
            onClick={() => choose(caregiving)}
            rightSection={
              acting?.patientId === caregiving.patient._id ? (
                <IconCheck size={16} aria-hidden />
              ) : undefined
            }
          >
            {patientName(caregiving)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item
          onClick={backToMyOwn}
          rightSection={!acting ? <IconCheck size={16} aria-hidden /> : undefined}
        >
          {t('switcher.myOwn')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Whether the person cares for anyone now (the header then makes room for the switcher). */
export function useCaresForAnyone(): boolean {
  const acting = useActingFor();
  const people = useCaringFor();
  return acting !== null || (people.data ?? []).some((one) => one.status === 'active');
}

/** Whether the person is still caring for whom they look at (false once it has ended). */
export function useStillCaring(): boolean {
  const acting = useActingFor();
  const people = useCaringFor();
  if (!acting || !people.isSuccess) return true;
  return people.data.some(
    (caregiving) => caregiving.status === 'active' && caregiving.patient._id === acting.patientId,
  );
}

/** The areas actually given now, as the list says (they may change while one looks). */
export function currentAreas(people: readonly Caregiving[] | undefined): readonly CaregiverArea[] {
  const acting = actingFor();
  if (!acting || !people) return acting?.areas ?? [];
  return (
    people.find(
      (caregiving) => caregiving.status === 'active' && caregiving.patient._id === acting.patientId,
    )?.areas ?? []
  );
}

/**
 * A link naming the patient (`/patient?patientId=…`, a missed-dose alert's) opens that person's
 * pages, once the list says the person cares for them; a link naming someone they do not care for
 * (any more) opens their own pages. The field then leaves the address.
 */
export function useCaringFromLink(): void {
  const [search] = useSearchParams();
  const named = search.get('patientId');
  const navigate = useNavigate();
  const people = useCaringFor();
  useEffect(() => {
    if (!named || !people.isSuccess) return;
    const caregiving = people.data.find(
      (one) => one.status === 'active' && one.patient._id === named,
    );
    if (caregiving) {
      void navigate(careFor(caregiving), { replace: true });
    } else {
      stopActingFor();
      void navigate('/patient', { replace: true });
    }
  }, [named, people.isSuccess, people.data, navigate]);
}
