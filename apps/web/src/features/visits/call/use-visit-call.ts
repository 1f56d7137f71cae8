import type { Visit } from '@tend/shared';
import { useCallback, useEffect, useRef, useState } from 'react';
import { i18n } from '../../../i18n/i18n';
import { ApiRequestError } from '../../../lib/api-client';
import { useLiveEvent } from '../../../lib/live-events';
import { sendByeOnExit, sendSignal } from '../api/send-signal';
import {
  deviceIdOf,
  listDevices,
  mediaErrorMessage,
  openDevice,
  openLocalMedia,
  type DeviceChoice,
} from './local-media';
import { VisitCall, type CallPhase } from './visit-call';

export type MediaState =
  | { status: 'starting' }
  | { status: 'failed'; message: string }
  | { status: 'ready'; preview: MediaStream }
  | { status: 'stopped' };

function stopTracks(stream: MediaStream | null) {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/**
 * Everything the visit page shows and does: the camera and microphone, the call with the other
 * participant (signals in through the live event stream, out through the relay), and the controls.
 */
export function useVisitCall(visit: Visit) {
  const [media, setMedia] = useState<MediaState>({ status: 'starting' });
  const [phase, setPhase] = useState<CallPhase>('waiting');
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [muted, setMuted] = useState(false);
  const [cameraOff, setCameraOff] = useState(false);
  const [devices, setDevices] = useState<{ cameras: DeviceChoice[]; microphones: DeviceChoice[] }>({
    cameras: [],
    microphones: [],
  });
  const [chosen, setChosen] = useState<{ camera: string | null; microphone: string | null }>({
    camera: null,
    microphone: null,
  });
  // Each join (the first, Try again, Rejoin) opens the devices and the call afresh.
  const [joinCount, setJoinCount] = useState(0);
  const streamRef = useRef<MediaStream | null>(null);
  const callRef = useRef<VisitCall | null>(null);
  const { roomid } = visit;

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
      stopTracks(streamRef.current);
      streamRef.current = null;
    };
  }, [joinCount]);

  /** Ends this side: the call (with a goodbye unless `quietly`), the camera and the microphone. */
  const endHere = useCallback((quietly: boolean) => {
    const call = callRef.current;
    callRef.current = null;
    if (quietly) call?.close();
    else call?.hangUp();
    stopTracks(streamRef.current);
    streamRef.current = null;
    setRemote(null);
    setPhase('ended');
    setMedia({ status: 'stopped' });
  }, []);

  const ready = media.status === 'ready';
  useEffect(() => {
    const stream = streamRef.current;
    if (!ready || !stream) return;
    const call = new VisitCall({
      polite: visit.role === 'patient',
      iceServers: visit.iceservers,
      localStream: stream,
      send: (signal) => sendSignal(roomid, signal),
      onPhase: setPhase,
      onRemoteStream: setRemote,
      onSendFailed: (error) => {
        // A closed or vanished room ends the call; a network blip is said and retried by the call.
        if (error instanceof ApiRequestError && (error.status === 404 || error.status === 409)) {
          endHere(true);
        }
        setProblem(error instanceof Error ? error.message : i18n.t('visits:room.signalFailed'));
      },
    });
    callRef.current = call;
    const onPageHide = () => {
      sendByeOnExit(roomid);
      call.close();
    };
    window.addEventListener('pagehide', onPageHide);
    return () => {
      window.removeEventListener('pagehide', onPageHide);
      // Leaving the page inside the app is hanging up: the other side is told at once.
      call.hangUp();
      callRef.current = null;
      setRemote(null);
    };
  }, [ready, joinCount, roomid, visit.role, visit.iceservers, endHere]);

  useLiveEvent('signal', (data) => {
    if (data.roomid === roomid) callRef.current?.receive(data);
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
    [muted, cameraOff],
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
