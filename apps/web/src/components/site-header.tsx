import { Box, Burger, Container, Group } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { lazy, Suspense, useRef, useState } from 'react';
import { useCommonT } from '../i18n/common';
import { AccountActions } from './account-actions';
import { BrandLogo } from './brand-logo';
import { LanguageSelect } from './language-select';
import { SiteLink, useSiteNavigation } from './site-navigation';
import { SkipLink } from './skip-link';
import classes from './site-header.module.css';

// The drawer (with its focus trap, scroll lock and transitions) only matters on phones once the
// menu is opened, so it is kept out of the landing page's initial JavaScript.
const loadDrawer = () => import('./mobile-nav-drawer');
const MobileNavDrawer = lazy(() =>
  loadDrawer().then((module) => ({ default: module.MobileNavDrawer })),
);

// The landing page's section ids (SPEC §2).
const SECTION_LINKS = [
  { label: 'home', id: 'Banner' },
  { label: 'about', id: 'intro' },
  { label: 'features', id: 'features' },
  { label: 'faq', id: 'faq' },
] as const;

export function SiteHeader() {
  const { t } = useCommonT();
  const [opened, { toggle, close }] = useDisclosure(false);
  const [drawerRequested, setDrawerRequested] = useState(false);
  const burgerRef = useRef<HTMLButtonElement>(null);
  const onLanding = useSiteNavigation().pathname === '/';

  // Mantine returns focus itself except on the drawer's first opening, when it mounts already
  // open (it is loaded on demand). Step in only if focus is still in the closing drawer or lost.
  const returnFocusToBurger = () => {
    const active = document.activeElement;
    if (!active || active === document.body || active.closest('[role="dialog"]')) {
      burgerRef.current?.focus();
    }
  };

  // Plain anchors on the landing page (the browser scrolls to the section); from any other page a
  // router link back to the landing page, where scroll restoration finds the section.
  const links = (className?: string) =>
    SECTION_LINKS.map((link) =>
      onLanding ? (
        <a key={link.id} href={`#${link.id}`} className={className} onClick={close}>
          {t(`header.sections.${link.label}`)}
        </a>
      ) : (
        <SiteLink key={link.id} to={`/#${link.id}`} className={className} onClick={close}>
          {t(`header.sections.${link.label}`)}
        </SiteLink>
      ),
    );

  return (
    <Box component="header" className={classes.header}>
      <SkipLink>{t('header.skipToContent')}</SkipLink>
      <Container size="lg" className={classes.inner}>
        <SiteLink to="/" className={classes.brand}>
          <BrandLogo />
        </SiteLink>

        {/* The section links need the width of a desktop (Spanish's words are longer): below
            it they are in the menu, and Sign In, Sign Up and the language stay in the bar. */}
        <Group component="nav" aria-label={t('header.mainNav')} gap={4} visibleFrom="lg">
          {links(classes.navLink)}
        </Group>
        <Group gap="sm" visibleFrom="sm" wrap="nowrap" className={classes.actions}>
          <LanguageSelect />
          <AccountActions />
        </Group>

        <Burger
          ref={burgerRef}
          opened={opened}
          onClick={() => {
            setDrawerRequested(true);
            toggle();
          }}
          // Start fetching the drawer as soon as a press looks likely.
          onPointerEnter={() => void loadDrawer()}
          onFocus={() => void loadDrawer()}
          hiddenFrom="lg"
          // One fixed name (aria-expanded carries the state) so it never clashes with the
          // drawer's own "Close menu" button.
          aria-label={t('header.menu')}
          aria-expanded={opened}
        />
      </Container>

      {drawerRequested && (
        <Suspense fallback={null}>
          <MobileNavDrawer
            opened={opened}
            onClose={close}
            onClosed={returnFocusToBurger}
            links={links(classes.drawerLink)}
          />
        </Suspense>
      )}
    </Box>
  );
}
