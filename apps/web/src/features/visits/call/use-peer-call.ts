import type { Visit } from '@tend/shared';
import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { i18n } from '../../../i18n/i18n';
import { ApiRequestError } from '../../../lib/api-client';
import { useLiveEvent } from '../../../lib/live-events';
import { sendByeOnExit, sendSignal } from '../api/send-signal';
import { VisitCall, type CallPhase } from './visit-call';

type Options = {
  visit: Visit;
  /** The camera and microphone, once open (`ready`): the call starts with them. */
  streamRef: RefObject<MediaStream | null>;
  ready: boolean;
  joinCount: number;
  /** The call ended on this side: the camera and microphone can go off. */
  onEnd: () => void;
  onProblem: (message: string) => void;
};

/**
 * The call with the other participant: signals in through the live event stream, out through the
 * relay. It starts once the devices are open and on each join, and hangs up when the page goes.
 */
export function usePeerCall({ visit, streamRef, ready, joinCount, onEnd, onProblem }: Options) {
  const [phase, setPhase] = useState<CallPhase>('waiting');
  const [remote, setRemote] = useState<MediaStream | null>(null);
  const callRef = useRef<VisitCall | null>(null);
  const { roomid } = visit;

  /** Ends this side: the call (with a goodbye unless `quietly`), the camera and the microphone. */
  const endHere = useCallback(
    (quietly: boolean) => {
      const call = callRef.current;
      callRef.current = null;
      if (quietly) call?.close();
      else call?.hangUp();
      onEnd();
      setRemote(null);
      setPhase('ended');
    },
    [onEnd],
  );

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
        onProblem(error instanceof Error ? error.message : i18n.t('visits:room.signalFailed'));
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
  }, [ready, joinCount, roomid, visit.role, visit.iceservers, streamRef, endHere, onProblem]);

  useLiveEvent('signal', (data) => {
    if (data.roomid === roomid) callRef.current?.receive(data);
  });

  return { phase, setPhase, remote, callRef, endHere };
}
