import type { Visit } from '@tend/shared';
import { useCallback, useState } from 'react';
import { mediaErrorMessage, openDevice } from './local-media';
import { useLocalMedia } from './use-local-media';
import { usePeerCall } from './use-peer-call';

/**
 * Everything the visit page shows and does: the camera and microphone, the call with the other
 * participant (signals in through the live event stream, out through the relay), and the controls.
 */
export function useVisitCall(visit: Visit) {
  const [problem, setProblem] = useState<string | null>(null);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  // Each join (the first, Try again, Rejoin) opens the devices and the call afresh.
  const [joinCount, setJoinCount] = useState(0);
  const { media, setMedia, devices, chosen, setChosen, streamRef, stop } = useLocalMedia(joinCount);
  const { phase, setPhase, remote, callRef, endHere } = usePeerCall({
    visit,
    streamRef,
    ready: media.status === 'ready',
    joinCount,
    onEnd: stop,
    onProblem: setProblem,
  });

  const setEnabled = (kind: 'audio' | 'video', enabled: boolean) => {
    for (const track of streamRef.current?.getTracks() ?? []) {
      if (track.kind === kind) track.enabled = enabled;
    }
  };

  const toggleMute = () => {
    setEnabled('audio', muted);
    setMuted(!muted);
  };
  const toggleCamera = () => {
    setEnabled('video', cameraOff);
    setCameraOff(!cameraOff);
  };

  const chooseDevice = useCallback(
    async (kind: 'audio' | 'video', deviceId: string) => {
      const stream = streamRef.current;
      if (!stream) return;
      try {
        const track = await openDevice(kind, deviceId);
        track.enabled = kind === 'audio' ? !muted : !cameraOff;
        for (const old of stream.getTracks().filter((t) => t.kind === kind)) {
          stream.removeTrack(old);
          old.stop();
        }
        stream.addTrack(track);
        await callRef.current?.replaceTrack(kind, track);
        setChosen((c) =>
          kind === 'audio' ? { ...c, microphone: deviceId } : { ...c, camera: deviceId },
        );
        setMedia({ status: 'ready', preview: new MediaStream(stream.getTracks()) });
        setProblem(null);
      } catch (error) {
        setProblem(mediaErrorMessage(error));
      }
    },
    [muted, cameraOff, streamRef, callRef, setChosen, setMedia],
  );

  const hangUp = () => endHere(false);

  const rejoin = () => {
    setMedia({ status: 'starting' });
    setPhase('waiting');
    setProblem(null);
    setMuted(false);
    setCameraOff(false);
    setJoinCount((n) => n + 1);
  };

  return {
    media,
    phase,
    remote,
    problem,
    muted,
    cameraOff,
    hasAudio: chosen.microphone !== null,
    hasVideo: chosen.camera !== null,
    devices,
    chosen,
    toggleMute,
    toggleCamera,
    chooseDevice,
    hangUp,
    rejoin,
  };
}

export type VisitCallState = ReturnType<typeof useVisitCall>;
