import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer, globalAgent } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decrypt } from 'http_ece';
import { collector } from './collector.ts';

/** A throwaway certificate for 127.0.0.1 (push services are https; web-push speaks nothing else). */
function selfSignedCertificate(): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'tend-push-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return {
      key: readFileSync(path.join(dir, 'key.pem'), 'utf8'),
      cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8'),
    };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface ReceivedPush {
  headers: IncomingHttpHeaders;
  /** The payload decrypted with the subscription's private key and auth secret (RFC 8291). */
  json: unknown;
}

export interface TestPushEndpoint {
  /** What a browser's PushSubscription.toJSON() would give Tend. */
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } };
  received: ReceivedPush[];
  /** Every later push answers this status (410 plays a subscription the browser dropped). */
  answerWith(status: number): void;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedPush[]>;
  close(): Promise<void>;
}

/**
 * A push service (https) on a free loopback port, holding one browser subscription's keys as a browser would:
 * it receives Tend's encrypted pushes and decrypts them, proving the payload is readable only with them.
 */
export async function startPushEndpoint(): Promise<TestPushEndpoint> {
  const receiver = createECDH('prime256v1');
  receiver.generateKeys();
  const authSecret = randomBytes(16).toString('base64url');
  const pushes = collector<ReceivedPush>();
  let status = 201;
  const { key, cert } = selfSignedCertificate();
  // This test process trusts the certificate, as a server trusts a real push service's CA.
  globalAgent.options.ca = [cert];
  const server = createServer({ key, cert }, (request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      if (status === 201) {
        const plain = decrypt(Buffer.concat(chunks), {
          version: 'aes128gcm',
          privateKey: receiver,
          authSecret,
        });
        pushes.push({ headers: request.headers, json: JSON.parse(plain.toString('utf8')) });
      }
      response.writeHead(status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    subscription: {
      endpoint: `https://127.0.0.1:${port}/push/${randomBytes(8).toString('hex')}`,
      keys: { p256dh: receiver.getPublicKey().toString('base64url'), auth: authSecret },
    },
    received: pushes.items,
    answerWith(next) {
      status = next;
    },
    waitFor: (count, timeoutMs = 10_000) =>
      pushes.waitFor((all) => all.length >= count, timeoutMs, `${count} pushes`),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
