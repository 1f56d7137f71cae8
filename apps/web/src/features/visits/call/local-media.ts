/** Why the camera and microphone could not be started, in words a person can act on. */
export function mediaErrorMessage(error: unknown): string {
  const name = error instanceof DOMException ? error.name : '';
  switch (name) {
    case 'NotAllowedError':
    case 'SecurityError':
      return 'Tend may not use your camera and microphone. Allow both for this site in your browser (the camera icon in the address bar), then choose Try again.';
    case 'NotFoundError':
    case 'OverconstrainedError':
      return 'No camera or microphone was found. Connect one, then choose Try again.';
    case 'NotReadableError':
    case 'AbortError':
      return 'Your camera or microphone could not be started; another program may be using it. Close that program, then choose Try again.';
    default:
      return 'Your camera and microphone could not be started. Choose Try again, or reload the page.';
  }
}

export const NO_MEDIA_SUPPORT =
  'This browser cannot make video calls here: video visits need a current browser and a secure (https) address.';

const missing = (error: unknown) =>
  error instanceof DOMException &&
  (error.name === 'NotFoundError' || error.name === 'OverconstrainedError');

/**
 * Camera and microphone together; a person with only one of them still joins with it. A refusal
 * is not retried with less: the person said no, and the message says how to change that.
 */
export async function openLocalMedia(): Promise<MediaStream> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error(NO_MEDIA_SUPPORT);
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

/** The cameras and microphones, named as the browser names them once permission is given. */
export async function listDevices(): Promise<{
  cameras: DeviceChoice[];
  microphones: DeviceChoice[];
}> {
  const devices = await navigator.mediaDevices.enumerateDevices();
  const of = (kind: MediaDeviceKind, noun: string) =>
    devices
      .filter((d) => d.kind === kind && d.deviceId)
      .map((d, i) => ({ id: d.deviceId, label: d.label || `${noun} ${i + 1}` }));
  return { cameras: of('videoinput', 'Camera'), microphones: of('audioinput', 'Microphone') };
}

export function deviceIdOf(stream: MediaStream, kind: 'audio' | 'video'): string | null {
  const track = stream.getTracks().find((t) => t.kind === kind);
  return track?.getSettings().deviceId ?? null;
}
