import { Button } from '@mantine/core';
import { useState } from 'react';
import { useCommonT } from '../i18n/common';
import { signedOutLocallyNotice, stashNotice } from '../lib/notice';
import { areaPath, clearSession, useUserType } from '../lib/session';
import { SiteLink } from './site-navigation';

type Props = {
  /** Lets the mobile drawer close itself when one of these is chosen. */
  onNavigate?: () => void;
  fullWidth?: boolean;
};

/**
 * Sign-out from the public header (SPEC §4): end the session on the server, forget it here whatever
 * the answer, then reload. The API client is fetched only now, keeping it out of the landing page.
 */
async function signOutAndReload(): Promise<void> {
  try {
    const { endServerSession } = await import('../lib/sign-out');
    const notice = await endServerSession();
    if (notice) stashNotice(notice);
  } catch {
    stashNotice(signedOutLocallyNotice());
  }
  clearSession();
  window.location.reload();
}

/** Sign In / Sign Up, or Sign Out once a user type is stored (SPEC §2). */
export function AccountActions({ onNavigate, fullWidth = false }: Props) {
  const { t } = useCommonT();
  const userType = useUserType();
  const [signingOut, setSigningOut] = useState(false);

  if (userType) {
    // Signed in: a way back to their own area, since the landing page has no other.
    return (
      <>
        <Button
          component={SiteLink}
          to={areaPath(userType)}
          variant="default"
          fullWidth={fullWidth}
          onClick={onNavigate}
        >
          {t('account.dashboard')}
        </Button>
        <Button
          variant="outline"
          fullWidth={fullWidth}
          loading={signingOut}
          onClick={() => {
            setSigningOut(true);
            void signOutAndReload();
          }}
        >
          {t('account.signOut')}
        </Button>
      </>
    );
  }
  return (
    <>
      <Button
        component={SiteLink}
        to="/sign-in"
        variant="default"
        fullWidth={fullWidth}
        onClick={onNavigate}
      >
        {t('account.signIn')}
      </Button>
      <Button component={SiteLink} to="/sign-up" fullWidth={fullWidth} onClick={onNavigate}>
        {t('account.signUp')}
      </Button>
    </>
  );
}
