import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { lazyChildLogger, loggerOptions, urlWithoutQueryValues } from './logger.ts';

describe('urlWithoutQueryValues', () => {
  it('keeps the path and the parameter names, never the values', () => {
    expect(urlWithoutQueryValues('/api/v1/doctors?q=Okafor&specialty=Cardiology')).toBe(
      '/api/v1/doctors?q=[redacted]&specialty=[redacted]',
    );
  });

  it('redacts the token of a reminder action in the path', () => {
    expect(urlWithoutQueryValues('/api/v1/reminders/abcDEF123_-xyz/taken')).toBe(
      '/api/v1/reminders/[redacted]/taken',
    );
  });

  it('leaves a URL without a query as it is', () => {
    expect(urlWithoutQueryValues('/api/v1/medications/0190a1b2')).toBe(
      '/api/v1/medications/0190a1b2',
    );
  });

  it('redacts a bare value or an odd name whole, and ignores empty pairs', () => {
    expect(urlWithoutQueryValues('/search?Okafor&&cursor=abc&Dr.%20Okafor=1')).toBe(
      '/search?[redacted]&cursor=[redacted]&[redacted]',
    );
  });
});

describe('redaction', () => {
  /** What a logger built with Tend's options writes for each object, as one string. */
  function logged(...objects: object[]): string {
    const lines: string[] = [];
    const log = pino(loggerOptions('info'), { write: (line: string) => lines.push(line) });
    for (const object of objects) log.info(object, 'logged by mistake');
    expect(lines).toHaveLength(objects.length);
    return lines.join('\n');
  }

  it('keeps two-step and recovery material out of logged bodies and answers, at any depth', () => {
    const secrets = {
      challenge: 'challenge-Zq3x9RkT',
      secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
      otpauthurl: 'otpauth://totp/Tend:ada%40example.org?secret=JBSWY3DPEHPK3PXP',
      qr: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0i',
      recoverycode: 'abcde-fghjk',
      recoverycodes: ['mnpqr-stuvw', 'xyz23-45678'],
    };
    const { challenge, recoverycode, recoverycodes } = secrets;
    const { secret, otpauthurl, qr } = secrets;
    const text = logged(
      // A request body or an answer logged as it is.
      { challenge, code: '123456' },
      { challenge, recoverycode },
      { secret, otpauthurl, qr },
      { recoverycodes, accessToken: 'access-token-value' },
      // The same under a name, or inside a request or reply.
      { body: { challenge, recoverycode } },
      { answer: { twostep: 'required', challenge } },
      { request: { body: { challenge } } },
      { res: { payload: { secret, otpauthurl, qr, recoverycodes } } },
      { password: 'top-level password', res: { payload: { newPassword: 'deep new password' } } },
    );
    for (const value of [
      challenge,
      secret,
      otpauthurl,
      qr,
      recoverycode,
      ...recoverycodes,
      'access-token-value',
      'top-level password',
      'deep new password',
    ]) {
      expect(text).not.toContain(value);
    }
    expect(text).toContain('[redacted]');
    expect(text).toContain('required');
  });
});

describe('lazyChildLogger', () => {
  function logged(level: string) {
    const lines: string[] = [];
    const parent = pino({ ...loggerOptions(level) }, { write: (line: string) => lines.push(line) });
    let children = 0;
    const counting = Object.assign(Object.create(parent) as typeof parent, {
      child: (...args: Parameters<typeof parent.child>) => {
        children++;
        return parent.child(...args);
      },
    });
    const log = lazyChildLogger(counting, { reqId: 'req-1' }, {});
    return { log, lines, children: () => children };
  }

  it('makes no child for what its level leaves out', () => {
    const { log, lines, children } = logged('warn');
    log.info('request completed');
    log.debug('detail');
    expect(lines).toEqual([]);
    expect(children()).toBe(0);
  });

  it('logs with the request id, redacted as every log line is, once something is logged', () => {
    const { log, lines, children } = logged('info');
    log.info({ password: 'hunter2 hunter2' }, 'signed in');
    log.warn('slow');
    expect(children()).toBe(1);
    expect(lines).toHaveLength(2);
    const first = JSON.parse(lines[0] ?? '{}') as Record<string, unknown>;
    expect(first).toMatchObject({ reqId: 'req-1', msg: 'signed in', password: '[redacted]' });
  });
});
