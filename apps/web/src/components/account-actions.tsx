import { Button } from '@mantine/core';
import { Link } from 'react-router';
import { signOut, useUserType } from '../lib/session';

type Props = {
  /** Lets the mobile drawer close itself when one of these is chosen. */
  onNavigate?: () => void;
  fullWidth?: boolean;
};

/** Sign In / Sign Up, or Sign Out once a user type is stored (SPEC §2). */
export function AccountActions({ onNavigate, fullWidth = false }: Props) {
  const userType = useUserType();

  if (userType) {
    return (
      <Button variant="outline" fullWidth={fullWidth} onClick={signOut}>
        Sign Out
      </Button>
    );
  }
  return (
    <>
      <Button
        component={Link}
        to="/sign-in"
        variant="default"
        fullWidth={fullWidth}
        onClick={onNavigate}
      >
        Sign In
      </Button>
      <Button component={Link} to="/sign-up" fullWidth={fullWidth} onClick={onNavigate}>
        Sign Up
      </Button>
    </>
  );
}
