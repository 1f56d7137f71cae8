import { Avatar } from '@mantine/core';
import { useCallback } from 'react';
import { useAvatarBlob } from '../lib/avatar';
import classes from './user-avatar.module.css';

/** Whose picture: anyone with a name and perhaps a picture (a profile, a doctor, a patient). */
export type AvatarPerson = { avatarUrl: string | null; firstname: string; lastname: string };

type Props = {
  person: AvatarPerson;
  size: number;
  /** For the picture itself; empty when the name is written beside it (it would only repeat it). */
  alt: string;
};

function initials(firstname: string, lastname: string): string {
  return `${firstname.trim().charAt(0)}${lastname.trim().charAt(0)}`.toUpperCase();
}

/**
 * A person's profile picture, or their initials while there is none or it is loading. The picture
 * needs the bearer token, so it is downloaded as a Blob and shown through an object URL that lives
 * exactly as long as the <img> showing it (the CSP allows blob: images).
 */
export function UserAvatar({ person, size, alt }: Props) {
  const { data: blob } = useAvatarBlob(person.avatarUrl);

  // A ref callback with cleanup (React 19): a new URL for each picture, revoked when it goes.
  const showBlob = useCallback(
    (img: HTMLImageElement | null) => {
      if (!img || !blob) return;
      const url = URL.createObjectURL(blob);
      img.src = url;
      return () => URL.revokeObjectURL(url);
    },
    [blob],
  );

  if (!blob) {
    return (
      <Avatar
        size={size}
        color="tend"
        variant="filled"
        // Initials stand in for a picture; the name itself is always written nearby.
        aria-hidden
      >
        {initials(person.firstname, person.lastname)}
      </Avatar>
    );
  }
  return <img ref={showBlob} alt={alt} width={size} height={size} className={classes.picture} />;
}
