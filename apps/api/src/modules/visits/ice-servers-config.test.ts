import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config.ts';

const base = { TOKEN_SECRET: 'x'.repeat(32) };

describe('ICE_SERVERS', () => {
  it('is empty when unset: on one network the browsers need no STUN or TURN', () => {
    expect(loadConfig(base).iceServers).toEqual([]);
  });

  it('takes a JSON array of RTCIceServer entries', () => {
    const servers = [
      { urls: 'stun:stun.example.org:3478' },
      {
        urls: ['turn:turn.example.org:3478?transport=udp', 'turns:turn.example.org:5349'],
        username: 'tend',
        credential: 'turn-secret',
      },
    ];
    expect(loadConfig({ ...base, ICE_SERVERS: JSON.stringify(servers) }).iceServers).toEqual(
      servers,
    );
  });

  it.each([
    ['not JSON', '[{urls:'],
    ['not an array', '{"urls":"stun:a.example"}'],
    ['an entry without urls', '[{"username":"a"}]'],
    ['an unknown field', '[{"urls":"stun:a.example","password":"x"}]'],
    ['a web address', '[{"urls":"https://a.example"}]'],
  ])(
    'stops start-up on %s with one line naming it, without repeating the value',
    (_what, value) => {
      expect(() => loadConfig({ ...base, ICE_SERVERS: value })).toThrow(ConfigError);
      expect(() => loadConfig({ ...base, ICE_SERVERS: value })).toThrow(
        /^Invalid configuration: ICE_SERVERS must be a JSON array of ICE servers/,
      );
    },
  );

  it('refuses a TURN server without its credentials, and never echoes a credential', () => {
    const value = '[{"urls":"turn:t.example:3478","credential":"hush-hush"}]';
    let message = '';
    try {
      loadConfig({ ...base, ICE_SERVERS: value });
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      'Invalid configuration: ICE_SERVERS lists a TURN server without "username" and "credential".',
    );
    expect(message).not.toContain('hush-hush');
  });
});
