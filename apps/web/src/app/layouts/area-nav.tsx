import { NavLink } from '@mantine/core';
import type { UserType } from '@tend/shared';
import { IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useMatch } from 'react-router';
import { pageShownWhileCaring } from '../../features/caregivers/components/caring-frame';
import { useActingFor } from '../../lib/acting-for';
import { sendWaitingDoses } from '../../features/medications/offline/use-dose-queue';
import { UnreadMessagesBadge } from '../../features/messaging/components/unread-messages-badge';
import { clearSession } from '../../lib/session';
import { endServerSession } from '../../lib/sign-out';
import { useAppT } from '../i18n';
import { AREA_MENUS, type AreaMenuItem } from './area-menu-items';
import classes from './area-layout.module.css';

function MenuLink({ item, onNavigate }: { item: AreaMenuItem; onNavigate: () => void }) {
  const { t } = useAppT();
  const active = useMatch({ path: item.to, end: item.end ?? false }) !== null;
  const Icon = item.icon;
  return (
    <NavLink
      component={Link}
      to={item.to}
      label={t(`menu.${item.label}`)}
      leftSection={<Icon size={20} stroke={1.75} aria-hidden />}
      rightSection={item.badge === 'unread-messages' ? <UnreadMessagesBadge /> : undefined}
      active={active}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
      className={classes.link}
    />
  );
}

/**
 * Side-menu sign-out (SPEC §4): end the session on the server, forget it here either way; the
 * area's guard then takes the person to /, telling them if the server could not be reached.
 */
function SignOutButton() {
  const { t } = useAppT();
  const [signingOut, setSigningOut] = useState(false);
  const signOut = async () => {
    setSigningOut(true);
    // Doses ticked offline and not sent yet go now, before sign-out clears them from the device.
    await sendWaitingDoses().catch(() => undefined);
    const notice = await endServerSession();
    clearSession({ redirectTo: '/', notice: notice ?? undefined });
  };
  return (
    <NavLink
      component="button"
      type="button"
      label={signingOut ? t('menu.signingOut') : t('menu.signOut')}
      leftSection={<IconLogout size={20} stroke={1.75} aria-hidden />}
      disabled={signingOut}
      onClick={() => void signOut()}
      className={classes.link}
    />
  );
}

/** The area's links, as a list; entries come from AREA_MENUS. */
export function AreaNav({ userType, onNavigate }: { userType: UserType; onNavigate: () => void }) {
  // While caring for someone, only the pages they share (DESIGN.md "Caregivers").
  const acting = useActingFor();
  const items = acting
    ? AREA_MENUS[userType].filter((item) => pageShownWhileCaring(item.to, acting))
    : AREA_MENUS[userType];
  return (
    <ul className={classes.menu}>
      {items.map((item) => (
        <li key={item.to}>
          <MenuLink item={item} onNavigate={onNavigate} />
        </li>
      ))}
      <li className={classes.signOut}>
        <SignOutButton />
      </li>
    </ul>
  );
}
