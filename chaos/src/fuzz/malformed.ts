/**
 * The ways a request can be wrong, as fast-check arbitraries. Each is one thing wrong on an
 * otherwise plausible request (see requests.ts), so every check on the way in gets its turn.
 */
import fc from 'fast-check';

export type Mutation =
  | { kind: 'none' }
  | { kind: 'wrong-type'; pick: number; value: unknown }
  | { kind: 'missing'; pick: number }
  | { kind: 'unknown-field'; key: string; value: unknown }
  | { kind: 'huge-string'; pick: number; length: number }
  | { kind: 'unicode'; pick: number; value: string }
  | { kind: 'bad-date'; pick: number; value: string }
  | { kind: 'bad-id'; value: string }
  | { kind: 'content-type'; value: string }
  | { kind: 'bad-json'; value: string }
  | { kind: 'oversized'; bytes: number }
  | { kind: 'bad-query'; key: string; value: string }
  | { kind: 'bad-auth'; value: string }
  | {
      kind: 'multipart';
      file: 'random' | 'png-header' | 'gif-header' | 'empty' | 'too-large' | 'broken';
      bytes: Uint8Array;
    };

/** The body limit is 1 MiB: anything past it must be a 413, never a 500 or an out-of-memory. */
const BODY_LIMIT = 1024 * 1024;

const deepArray = '['.repeat(100_000) + ']'.repeat(100_000);
const deepObject = '{"a":'.repeat(20_000) + '1' + '}'.repeat(20_000);

export const BAD_DATES = [
  '2026-02-30',
  '2026-02-29',
  '2025-02-29',
  '2026-13-01',
  '2026-00-10',
  '2026-01-32',
  '0000-00-00',
  '2026-2-3',
  '26-02-03',
  '2026/02/03',
  '02/03/2026',
  '2026-02-28T00:00:00Z',
  '',
  '  ',
  '99999-01-01',
  '-2026-01-01',
  '+2026-01-01',
  '2026-01-01\u0000',
  '２０２６-０１-０１',
  '2026-W05-1',
  'today',
  'null',
  '1e3',
  '2026-01-01 ',
  '\u202e2026-01-01',
];

export const BAD_IDS = [
  '',
  ' ',
  '..',
  '%2e%2e',
  '%00',
  '%2F',
  "' or 1=1 --",
  '1; drop table users',
  '{}',
  'null',
  'undefined',
  '-1',
  '0',
  '9'.repeat(40),
  'x'.repeat(65),
  'x'.repeat(5000),
  '😀',
  '\u202e',
  '%E0%A4%A',
  '0190d1e8-0000-7000-8000-00000000000G',
  '__proto__',
  'constructor',
];

const unicode = fc.oneof(
  fc.string({ unit: 'binary', minLength: 1, maxLength: 60 }),
  fc.string({ unit: 'grapheme', minLength: 1, maxLength: 60 }),
  fc.constantFrom(
    '\u0000',
    'a\u0000b',
    '\ud800',
    '\udfff',
    '\u202eevil',
    '😀'.repeat(50),
    'Z̷̢̛a̸l̶g̷o̵',
    '\u200b',
    '\ufeff',
    'ǅ',
    'ß'.repeat(100),
    'İ',
    '\r\n\r\n',
    '<script>alert(1)</script>',
    "'; drop table medications; --",
    '${jndi:ldap://x}',
    '%s%s%s%n',
  ),
);

const anyJson = fc.jsonValue({ maxDepth: 2 });
const wrongValue = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(anyJson, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 8 }), anyJson, { maxKeys: 3 }),
  fc.string({ maxLength: 20 }),
);

const pick = fc.nat();

export const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  { arbitrary: fc.constant({ kind: 'none' as const }), weight: 2 },
  {
    arbitrary: fc.record({ kind: fc.constant('wrong-type' as const), pick, value: wrongValue }),
    weight: 4,
  },
  { arbitrary: fc.record({ kind: fc.constant('missing' as const), pick }), weight: 2 },
  {
    arbitrary: fc.record({
      kind: fc.constant('unknown-field' as const),
      key: fc.oneof(
        fc.constantFrom(
          '__proto__',
          'constructor',
          'role',
          'userType',
          '_id',
          'patient_id',
          'taken',
          'isAdmin',
        ),
        fc.string({ minLength: 1, maxLength: 12 }),
      ),
      value: anyJson,
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('huge-string' as const),
      pick,
      length: fc.integer({ min: 1_000, max: 600_000 }),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({ kind: fc.constant('unicode' as const), pick, value: unicode }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('bad-date' as const),
      pick,
      value: fc.constantFrom(...BAD_DATES),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('bad-id' as const),
      value: fc.oneof(fc.constantFrom(...BAD_IDS), fc.string({ maxLength: 30 }), fc.uuid()),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('content-type' as const),
      value: fc.constantFrom(
        'text/plain',
        'application/xml',
        'application/x-www-form-urlencoded',
        'multipart/form-data',
        'multipart/form-data; boundary=x',
        'application/json; charset=latin1',
        'application/json; charset=utf-16',
        'application/jsonx',
        'application/vnd.api+json',
        '*/*',
        'application/json, text/plain',
        'text/html; charset=utf-8',
        'image/png',
        ';;;',
        'application/',
      ),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('bad-json' as const),
      value: fc.oneof(
        fc.constantFrom(
          '{',
          '{"name":',
          '{"name": "x",}',
          "{'name':'x'}",
          'NaN',
          '[]',
          'null',
          '"text"',
          '123',
          'true',
          '{"a":1}{"b":2}',
          '\ufeff{}',
          '{"__proto__":{"isAdmin":true}}',
          '{"constructor":{"prototype":{"isAdmin":true}}}',
          '{"a":1e999999}',
          '{"a":"\\ud800"}',
          '{"a":"\\u0000"}',
          '{"name":"a","name":1}',
          '',
          ' ',
          deepArray,
          deepObject,
        ),
        fc.string({ maxLength: 40 }),
      ),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('oversized' as const),
      bytes: fc.integer({ min: BODY_LIMIT + 1, max: BODY_LIMIT + 200_000 }),
    }),
    weight: 1,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('bad-query' as const),
      key: fc.constantFrom(
        'days',
        'from',
        'to',
        'q',
        'limit',
        'cursor',
        'v',
        'scope',
        '__proto__',
        'x',
      ),
      value: fc.oneof(
        fc.constantFrom(
          '',
          '-1',
          '0',
          '101',
          '1e9',
          'abc',
          '1.5',
          '%00',
          'null',
          '[]',
          'x'.repeat(10_000),
        ),
        fc.constantFrom(...BAD_DATES),
        unicode,
      ),
    }),
    weight: 3,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('bad-auth' as const),
      value: fc.constantFrom(
        'Bearer',
        'Bearer ',
        'Bearer x.y.z',
        'Basic dXNlcjpwYXNz',
        'bearer @@patientToken@@',
        'Bearer @@tamperedToken@@',
        'Bearer @@forgedToken@@',
        `Bearer ${'a'.repeat(10_000)}`,
        'Bearer @@patientToken@@ extra',
        'Token @@patientToken@@',
      ),
    }),
    weight: 2,
  },
  {
    arbitrary: fc.record({
      kind: fc.constant('multipart' as const),
      file: fc.constantFrom('random', 'png-header', 'gif-header', 'empty', 'too-large', 'broken'),
      bytes: fc.uint8Array({ maxLength: 2000 }),
    }),
    weight: 1,
  },
);
