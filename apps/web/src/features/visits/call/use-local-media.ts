import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import {
  deviceIdOf,
  listDevices,
  mediaErrorMessage,
  openLocalMedia,
  type DeviceChoice,
} from './local-media';

export type MediaState =
  | { status: 'starting' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; preview: MediaStream }
  | { status: 'stopped' };

export type ChosenDevices = { camera: string | null; microphone: string | null };

export function stopTracks(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** Stops the camera and microphone that `streamRef` holds, and lets go of them. */
export function releaseStream(streamRef: RefObject<MediaStream | null>) {
  stopTracks(streamRef.current);
  streamRef.current = null;
}

/**
 * This side's camera and microphone, opened afresh on each join (`joinCount`), with the devices
 * there are to switch to and the ones in use.
 */
export function useLocalMedia(joinCount: number) {
  const [media, setMedia] = useState<MediaState>({ status: 'starting' });
  const [devices, setDevices] = useState<{ cameras: DeviceChoice[]; microphones: DeviceChoice[] }>({
    cameras: [],
    microphones: [],
  });
  const [chosen, setChosen] = useState<ChosenDevices>({ camera: null, microphone: null });
  const streamRef = useRef<MediaStream | null>(null);

  useEffect(() => {
    let cancelled = false;
    openLocalMedia()
      .then(async (stream) => {
        if (cancelled) return stopTracks(stream);
        streamRef.current = stream;
        setChosen({ camera: deviceIdOf(stream, 'video'), microphone: deviceIdOf(stream, 'audio') });
        setMedia({ status: 'ready', preview: new MediaStream(stream.getTracks()) });
        const found = await listDevices().catch(() => null);
        if (!cancelled && found) setDevices(found);
      })
      .catch((error: unknown) => {
        if (cancelled) return;
        setMedia({ status: 'failed', message: mediaErrorMessage(error) });
      });
    return () => {
      cancelled = true;
      releaseStream(streamRef);
    };
  }, [joinCount]);

  /** The call is over on this side: the camera and microphone go off. */
  const stop = useCallback(() => {
    releaseStream(streamRef);
    setMedia({ status: 'stopped' });
  }, []);

  return { media, setMedia, devices, chosen, setChosen, streamRef, stop };
}
