import { i18n } from '../../../i18n/i18n';
import '../i18n';

/** This browser (or an http address) offers no camera or microphone to a page at all. */
export class NoMediaSupportError extends Error {
  constructor() {
    super(i18n.t('visits:media.unsupported'));
    this.name = 'NoMediaSupportError';
  }
}

/**
 * Why the camera and microphone could not be started, in words a person can act on, in the
 * page's language at the moment it happened.
 */
export function mediaErrorMessage(error: unknown): string {
  if (error instanceof NoMediaSupportError) return i18n.t('visits:media.unsupported');
  const name = error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return i18n.t('visits:media.notAllowed');
    case 'NotFoundError':
    case 'OverconstrainedError':
      return i18n.t('visits:media.notFound');
    case 'NotReadableError':
    case 'AbortError':
      return i18n.t('visits:media.notReadable');
    default:
      return i18n.t('visits:media.other');
  }
}

const missing = (error: unknown) =>
  error instanceof DOMException &&
  (error.name === 'NotFoundError' || error.name === 'OverconstrainedError');

/**
 * Camera and microphone together; a person with only one of them still joins with it. A refusal
 * is not retried with less: the person said no, and the message says how to change that.
 */
export async function openLocalMedia(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new NoMediaSupportError();
  try {
    return await navigator.mediaDevices.getUserMedia({ video: true, audio: true });
  } catch (error) {
    if (!missing(error)) throw error;
  }
  try {
    return await navigator.mediaDevices.getUserMedia({ audio: true });
  } catch (error) {
    if (!missing(error)) throw error;
  }
  return navigator.mediaDevices.getUserMedia({ video: true });
}

/** One device of a kind, chosen by id; the caller swaps it into the stream and the call. */
export async function openDevice(kind: 'audio' | 'video', deviceId: string) {
  const stream = await navigator.mediaDevices.getUserMedia({
    [kind]: { deviceId: { exact: deviceId } },
  });
  const track = stream.getTracks()[0];
  if (!track) throw new DOMException('No track', 'NotFoundError');
  return track;
}

export interface DeviceChoice {
  id: string;
  label: string;
}

/**
 * The cameras and microphones, named as the browser names them once permission is given (before,
 * the label is empty and the picker numbers them).
 */
export async function listDevices(): Promise<{
  cameras: DeviceChoice[];
  microphones: DeviceChoice[];
}> {
  const devices = await navigator.mediaDevices.enumerateDevices();
  const of = (kind: MediaDeviceKind) =>
    devices
      .filter((d) => d.kind === kind && d.deviceId)
      .map((d) => ({ id: d.deviceId, label: d.label }));
  return { cameras: of('videoinput'), microphones: of('audioinput') };
}

export function deviceIdOf(stream: MediaStream, kind: 'audio' | 'video'): string | null {
  const track = stream.getTracks().find((t) => t.kind === kind);
  return track?.getSettings().deviceId ?? null;
}
