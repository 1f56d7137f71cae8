import { z } from 'zod';

/** A video visit's room opens this long before the appointment starts… */
export const VISIT_OPENS_BEFORE_MS = 10 * 60_000;
/** …and closes this long after it was due to end (visits overrun). */
export const VISIT_CLOSES_AFTER_MS = 30 * 60_000;

/** The longest SDP a signal may carry; a browser's offer with many candidates is a few kilobytes. */
export const SIGNAL_SDP_MAX_CHARS = 64 * 1024;
const CANDIDATE_MAX_CHARS = 2048;

/** One STUN or TURN server, as RTCPeerConnection's `iceServers` takes it. */
export const iceServerSchema = z.strictObject({
  urls: z.union([z.string().min(1), z.array(z.string().min(1)).min(1)]),
  username: z.string().optional(),
  credential: z.string().optional(),
});
export type IceServer = z.infer<typeof iceServerSchema>;

/** GET /appointments/{id}/visit and GET /visits/{roomid}: what a participant needs to join. */
export const visitSchema = z.object({
  roomid: z.string(),
  appointmentId: z.string(),
  opensat: z.string(),
  closesat: z.string(),
  iceservers: z.array(iceServerSchema),
  /** The caller's side of the visit; the patient is the "polite" peer of perfect negotiation. */
  role: z.enum(['patient', 'doctor']),
  /** Who is at the other end. */
  other: z.object({ _id: z.string(), firstname: z.string(), lastname: z.string() }),
});
export type Visit = z.infer<typeof visitSchema>;

const sdpPayload = z.strictObject(
  {
    sdp: z
      .string({ error: 'Send the session description as text.' })
      .max(
        SIGNAL_SDP_MAX_CHARS,
        `A session description is at most ${SIGNAL_SDP_MAX_CHARS} characters.`,
      ),
  },
  { error: 'Send the session description as an object with "sdp".' },
);

/** RTCIceCandidateInit; `candidate: ""` marks the end of a generation's candidates. */
const candidatePayload = z.strictObject(
  {
    candidate: z
      .string({ error: 'Send the ICE candidate as text.' })
      .max(CANDIDATE_MAX_CHARS, `An ICE candidate is at most ${CANDIDATE_MAX_CHARS} characters.`),
    sdpMid: z.string().max(64, 'The media id (sdpMid) is at most 64 characters.').nullish(),
    sdpMLineIndex: z
      .number()
      .int('The line index (sdpMLineIndex) is a whole number.')
      .min(0, 'The line index (sdpMLineIndex) is 0 or more.')
      .max(255, 'The line index (sdpMLineIndex) is at most 255.')
      .nullish(),
    usernameFragment: z
      .string()
      .max(256, 'A username fragment is at most 256 characters.')
      .nullish(),
  },
  { error: 'Send the ICE candidate as an object with "candidate".' },
);

/** POST /visits/{roomid}/signal: relayed to the other participant as a `signal` event. */
export const signalRequestSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({ type: z.literal('offer'), payload: sdpPayload }),
    z.strictObject({ type: z.literal('answer'), payload: sdpPayload }),
    z.strictObject({ type: z.literal('candidate'), payload: candidatePayload }),
    z.strictObject({ type: z.literal('bye'), payload: z.strictObject({}).nullish() }),
  ],
  { error: 'Choose a signal type: offer, answer, candidate or bye.' },
);
export type SignalRequest = z.infer<typeof signalRequestSchema>;
export type SignalType = SignalRequest['type'];

export interface VisitWindow {
  opensAt: Date;
  closesAt: Date;
}

export function visitWindow(start: string, end: string): VisitWindow {
  return {
    opensAt: new Date(Date.parse(start) - VISIT_OPENS_BEFORE_MS),
    closesAt: new Date(Date.parse(end) + VISIT_CLOSES_AFTER_MS),
  };
}

/** Where `now` falls against a visit's window; the window includes its opening instant, not its closing one. */
export function visitTiming(window: VisitWindow, now: Date): 'before' | 'open' | 'after' {
  if (now.getTime() < window.opensAt.getTime()) return 'before';
  if (now.getTime() >= window.closesAt.getTime()) return 'after';
  return 'open';
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'}`;

/** "less than a minute", "25 minutes", "2 hours 5 minutes", "3 days 4 hours". */
export function durationInWords(ms: number): string {
  const minutes = Math.floor(Math.abs(ms) / 60_000);
  if (minutes < 1) return 'less than a minute';
  if (minutes < 60) return plural(minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const rest = minutes % 60;
    return rest ? `${plural(hours, 'hour')} ${plural(rest, 'minute')}` : plural(hours, 'hour');
  }
  const days = Math.floor(hours / 24);
  const rest = hours % 24;
  return rest ? `${plural(days, 'day')} ${plural(rest, 'hour')}` : plural(days, 'day');
}

/** Why a visit's room is not open now, in the words the API and the web app both use. */
export function visitClosedMessage(window: VisitWindow, now: Date): string | null {
  const timing = visitTiming(window, now);
  if (timing === 'before') {
    const wait = durationInWords(window.opensAt.getTime() - now.getTime());
    // Rounded down, so "less than a minute" is never said of something further away.
    return `This video visit opens in ${wait === 'less than a minute' ? wait : `about ${wait}`}, 10 minutes before the appointment starts.`;
  }
  if (timing === 'after') {
    return `This video visit closed ${durationInWords(now.getTime() - window.closesAt.getTime())} ago, 30 minutes after the appointment ended.`;
  }
  return null;
}
