/** "Please wait 3 minutes": how long to wait, in words a person reads. */
export function waitWords(ms: number): string {
  if (ms < 60_000) {
    const seconds = Math.max(1, Math.ceil(ms / 1000));
    return seconds === 1 ? '1 second' : `${seconds} seconds`;
  }
  const minutes = Math.ceil(ms / 60_000);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

export function tooManyRequestsMessage(ms: number): string {
  return `Too many requests. Please wait ${waitWords(ms)} and try again.`;
}
