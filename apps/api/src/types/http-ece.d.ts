// http_ece ships no types; this is the part the Web Push test endpoint (test/push-endpoint.ts) uses.
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(
    buffer: Buffer,
    params: { version: 'aes128gcm'; privateKey: ECDH; authSecret: string },
  ): Buffer;
}
