import { Button, Center, Text } from '@mantine/core';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useVisitsT } from '../i18n';
import classes from './visit-room.module.css';

type Props = {
  stream: MediaStream | null;
  /** What a screen reader hears for the picture ("Your camera", "Dr. Ana Diaz's video"). */
  label: string;
  /** Your own picture: silent (no echo) and mirrored, as people expect to see themselves. */
  self?: boolean;
  /** Shown over the picture while there is none (waiting, camera off). */
  placeholder?: ReactNode;
  className?: string;
  testId?: string;
};

/** One participant's picture; plays as soon as it has a stream, or offers a Play button if the browser holds it back. */
export function VideoTile({ stream, label, self = false, placeholder, className, testId }: Props) {
  const { t } = useVisitsT();
  const ref = useRef<HTMLVideoElement>(null);
  const [blocked, setBlocked] = useState(false);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    video.srcObject = stream;
    setBlocked(false);
    if (!stream) return;
    video.play().catch((error: unknown) => {
      // Autoplay with sound refused (no camera permission yet, a strict browser): ask for a click.
      if (error instanceof DOMException && error.name === 'NotAllowedError') setBlocked(true);
    });
  }, [stream]);

  const play = () => {
    ref.current
      ?.play()
      .then(() => setBlocked(false))
      .catch(() => setBlocked(true));
  };

  return (
    <div className={`${classes.tile} ${className ?? ''}`}>
      <video
        ref={ref}
        className={self ? classes.mirrored : undefined}
        playsInline
        muted={self}
        aria-label={label}
        data-testid={testId}
      />
      {placeholder && !blocked && <Center className={classes.overlay}>{placeholder}</Center>}
      {blocked && (
        <Center className={classes.overlay}>
          <Button onClick={play} aria-label={t('stage.playLabel', { label })}>
            {t('stage.play')}
          </Button>
        </Center>
      )}
      {!placeholder && !blocked && (
        <Text className={classes.caption} size="xs" aria-hidden>
          {label}
        </Text>
      )}
    </div>
  );
}
