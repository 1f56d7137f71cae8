import { AppShell, Badge, Burger, Group, useMantineTheme } from '@mantine/core';
import { useDisclosure, useHotkeys, useMediaQuery } from '@mantine/hooks';
import type { UserType } from '@tend/shared';
import { useRef, useState } from 'react';
import { Link, Outlet } from 'react-router';
import { BrandLogo } from '../../components/brand-logo';
import { LanguagePicker } from '../../components/language-picker';
import { LanguageSelect } from '../../components/language-select';
import { PageNotice } from '../../components/page-notice';
import { MAIN_CONTENT_ID, SkipLink } from '../../components/skip-link';
import {
  CaringFrame,
  useCaringLiveUpdates,
} from '../../features/caregivers/components/caring-frame';
import {
  CaringForSwitcher,
  useCaresForAnyone,
} from '../../features/caregivers/components/caring-for-switcher';
import { EmailConfirmationBanner } from '../../features/auth/components/email-confirmation-banner';
import { NotificationBell } from '../../features/notifications/components/notification-bell';
import { useProfileLanguage } from '../../i18n/use-profile-language';
import { RequireUserType } from '../guards/require-user-type';
import { useAppT } from '../i18n';
import { useLiveRefresh } from '../live-refresh';
import { AreaNav } from './area-nav';
import { AreaProfileCard } from './area-profile-card';
import { usePageHasLanguage } from './page-handle';
import classes from './area-layout.module.css';

const MENU_ID = 'area-menu';

/**
 * What an open area follows (live changes, the profile's language), in a component of its own so
 * the profile's arrival re-renders nothing but this, not the whole frame and the page inside it.
 */
function AreaFollowers() {
  useLiveRefresh();
  useProfileLanguage();
  return null;
}

/** A patient's area also follows their caregiving (lists, areas given, a relation ended). */
function CaringFollowers() {
  useCaringLiveUpdates();
  return null;
}

function RoleBadge({ userType, wideOnly }: { userType: UserType; wideOnly?: boolean }) {
  const { t } = useAppT();
  return (
    <Badge
      variant="light"
      color="gray"
      c="gray.8"
      size="lg"
      visibleFrom={wideOnly ? 'xs' : undefined}
    >
      {t(`roles.${userType}`)}
    </Badge>
  );
}

/** On a phone, the "Caring for" switcher of someone who cares for anyone takes the badge's room. */
function PatientRoleBadge() {
  return <RoleBadge userType="patient" wideOnly={useCaresForAnyone()} />;
}

/**
 * The signed-in areas (SPEC §2): on wide screens a side menu beside the content (about 2 and 8
 * of 10 columns); below 767px the menu folds away behind a Burger.
 */
function AreaLayout({ userType }: { userType: UserType }) {
  const { t } = useAppT();
  const theme = useMantineTheme();
  const [opened, { toggle, close }] = useDisclosure(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  // Read at once (no server rendering here), so the menu is never briefly unreachable on desktop.
  const wide = useMediaQuery(`(min-width: ${theme.breakpoints.sm})`, true, {
    getInitialValueInEffect: false,
  });
  // Off-screen on a phone, the folded menu must not catch Tab or be read out.
  const menuHidden = !wide && !opened;
  // Profile Settings has its own labelled field: one language picker on a page (decision 034).
  const pageHasLanguage = usePageHasLanguage();
  // Drawn once it has shown (so it does not empty itself while folding away), not before.
  const [menuDrawn, setMenuDrawn] = useState(!menuHidden);
  if (!menuHidden && !menuDrawn) setMenuDrawn(true);

  const closeMenu = () => {
    if (!opened) return;
    close();
    burgerRef.current?.focus();
  };
  useHotkeys([['Escape', closeMenu]]);

  // On a phone the chosen link folds away with the menu; focus goes on to the new page instead of
  // being lost.
  const afterNavigate = () => {
    if (wide) return;
    close();
    requestAnimationFrame(() => document.getElementById(MAIN_CONTENT_ID)?.focus());
  };

  return (
    <AppShell
      header={{ height: 64 }}
      navbar={{
        width: { sm: 240, lg: '20%' },
        breakpoint: 'sm',
        collapsed: { mobile: !opened },
      }}
      padding={{ base: 'md', sm: 'lg', lg: 'xl' }}
    >
      <AreaFollowers />
      {userType === 'patient' && <CaringFollowers />}
      <AppShell.Header>
        <SkipLink>{t('layout.skipToContent')}</SkipLink>
        <Group h="100%" px="md" gap="sm" wrap="nowrap">
          <Burger
            ref={burgerRef}
            opened={opened}
            onClick={toggle}
            hiddenFrom="sm"
            size="sm"
            aria-label={t('layout.menu')}
            aria-expanded={opened}
            aria-controls={MENU_ID}
          />
          <Link to="/" className={classes.brand} aria-label={t('layout.home')}>
            <BrandLogo />
          </Link>
          <Group ml="auto" gap="sm" wrap="nowrap">
            {/* One language control per width, rendered only where it shows (the other is work on
                every area page load for nothing), and none where the page has its own. */}
            {wide && !pageHasLanguage && <LanguageSelect />}
            {userType === 'patient' && <CaringForSwitcher />}
            <NotificationBell userType={userType} />
            {userType === 'patient' ? <PatientRoleBadge /> : <RoleBadge userType={userType} />}
          </Group>
        </Group>
      </AppShell.Header>

      <AppShell.Navbar
        id={MENU_ID}
        aria-label={t(`layout.roleMenu.${userType}`)}
        inert={menuHidden}
      >
        {/* A phone's folded menu is drawn when it first opens: on every area page load it was a
            dozen links, the profile card and their queries rendered off-screen, in the page's
            first long task. */}
        {menuDrawn && (
          <>
            <AppShell.Section p="md" pb="sm">
              <AreaProfileCard userType={userType} />
            </AppShell.Section>
            {/* The browser's own scrolling: Mantine's ScrollArea measured its thumbs on every area page load. */}
            <AppShell.Section grow px="sm" pb="md" className={classes.menuScroll}>
              <AreaNav userType={userType} onNavigate={afterNavigate} />
            </AppShell.Section>
            {/* On a phone the header has no room for it. */}
            {!wide && !pageHasLanguage && (
              <AppShell.Section p="md" pt={0}>
                <LanguagePicker />
              </AppShell.Section>
            )}
          </>
        )}
      </AppShell.Navbar>

      <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1} className={classes.main}>
        <PageNotice mb="lg" />
        <EmailConfirmationBanner />
        {userType === 'patient' ? (
          <CaringFrame>
            <Outlet />
          </CaringFrame>
        ) : (
          <Outlet />
        )}
      </AppShell.Main>
    </AppShell>
  );
}

export function PatientAreaLayout() {
  return (
    <RequireUserType userType="patient">
      <AreaLayout userType="patient" />
    </RequireUserType>
  );
}

export function PharmacyAreaLayout() {
  return (
    <RequireUserType userType="pharmacy">
      <AreaLayout userType="pharmacy" />
    </RequireUserType>
  );
}

export function DoctorAreaLayout() {
  return (
    <RequireUserType userType="doctor">
      <AreaLayout userType="doctor" />
    </RequireUserType>
  );
}
