/**
 * The `o=` line of a session description: "o=- <session id> <version> IN IP4 …". A browser keeps the
 * session id for the life of its RTCPeerConnection and raises the version with each new offer, so
 * the pair tells a copy of an offer already answered (same id and version) from a new one, and a
 * peer that started over (a reload: another id) from one renegotiating.
 */
export type SdpOrigin = { session: string; version: string };

export function sdpOrigin(sdp: string | undefined): SdpOrigin | null {
  if (!sdp) return null;
  const match = /^o=\S+ (\d+) (\d+) /m.exec(sdp);
  return match?.[1] && match[2] ? { session: match[1], version: match[2] } : null;
}

export function sameSdpOrigin(a: string | undefined, b: string | undefined): boolean {
  const x = sdpOrigin(a);
  const y = sdpOrigin(b);
  return x !== null && y !== null && x.session === y.session && x.version === y.version;
}

/** Whether `incoming` comes from another RTCPeerConnection than the one `current` came from. */
export function isNewPeerSession(current: string | undefined, incoming: string): boolean {
  const x = sdpOrigin(current);
  const y = sdpOrigin(incoming);
  return x !== null && y !== null && x.session !== y.session;
}
