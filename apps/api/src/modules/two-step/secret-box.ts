import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Authenticator secrets are encrypted at rest (AES-256-GCM) and recovery codes kept as HMACs, both
 * with keys derived from TOKEN_SECRET: a copy of the database alone (a stolen backup) gives neither.
 * Changing TOKEN_SECRET therefore turns every stored secret unreadable (docs/decisions/021).
 */
export interface SecretBox {
  seal(plain: string): string;
  open(sealed: string): string;
  /** A keyed hash for values looked up by equality (recovery codes, challenges). */
  hash(value: string): string;
}

const VERSION = 'v1';

export function createSecretBox(tokenSecret: string): SecretBox {
  const derive = (info: string) =>
    Buffer.from(hkdfSync('sha256', tokenSecret, 'tend', `two-step ${info}`, 32));
  const encryptionKey = derive('secret encryption');
  const hashKey = derive('code hashing');
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv);
      const body = Buffer.concat([
        cipher.update(plain, 'utf8'),
        cipher.final(),
        cipher.getAuthTag(),
      ]);
      return `${VERSION}.${iv.toString('base64url')}.${body.toString('base64url')}`;
    },
    open(sealed) {
      const [version, iv = '', body = ''] = sealed.split('.');
      if (version !== VERSION) throw new Error('unknown sealed secret version');
      const bytes = Buffer.from(body, 'base64url');
      const decipher = createDecipheriv('aes-256-gcm', encryptionKey, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(bytes.subarray(bytes.length - 16));
      return Buffer.concat([
        decipher.update(bytes.subarray(0, bytes.length - 16)),
        decipher.final(),
      ]).toString('utf8');
    },
    hash: (value) => createHmac('sha256', hashKey).update(value).digest('hex'),
  };
}
