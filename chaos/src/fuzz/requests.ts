/**
 * Requests built from the OpenAPI document: for each operation, plausible values from its schemas
 * with one thing made wrong (malformed.ts), sent by a patient, a doctor or nobody.
 */
import fc from 'fast-check';
import type { Mutation } from './malformed.ts';
import { mutation } from './malformed.ts';
import { validObject, validValue, type JsonSchema } from './schema-values.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Actor = 'patient' | 'doctor' | 'anonymous';

export interface Operation {
  method: Method;
  /** As the document names it: /api/v1/medications/{id} */
  path: string;
  pathParams: { name: string; schema: JsonSchema }[];
  query: JsonSchema;
  body: JsonSchema | undefined;
  secured: boolean;
}

export interface FuzzRequest {
  route: string;
  actor: Actor;
  mutation: Mutation['kind'];
  method: Method;
  /** May hold @@ref@@ placeholders, replaced when sent. */
  url: string;
  headers: Record<string, string>;
  payload: string | Buffer | undefined;
  /** One of a few client addresses, so per-address limits are reached but not at once. */
  remoteAddress: string;
}

interface OpenApiDocument {
  paths: Record<string, Record<string, OpenApiOperation>>;
}
interface OpenApiOperation {
  parameters?: { in: string; name: string; required?: boolean; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  security?: unknown[];
  responses?: Record<string, { content?: Record<string, unknown> }>;
}

export function operationsFrom(document: unknown): Operation[] {
  const { paths } = document as OpenApiDocument;
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(paths)) {
    for (const [method, op] of Object.entries(methods)) {
      // An event stream never ends, so an injected request would never answer; its refusals (401,
      // 400, 429) are covered by apps/api/src/modules/events/events.int.test.ts.
      if (op.responses?.['200']?.content?.['text/event-stream']) continue;
      const parameters = op.parameters ?? [];
      const queryParams = parameters.filter((p) => p.in === 'query');
      operations.push({
        method: method.toUpperCase() as Method,
        path,
        pathParams: parameters.filter((p) => p.in === 'path'),
        query: {
          type: 'object',
          properties: Object.fromEntries(queryParams.map((p) => [p.name, p.schema])),
          required: queryParams.filter((p) => p.required).map((p) => p.name),
        },
        body: op.requestBody?.content['application/json']?.schema,
        secured: (op.security ?? []).length > 0,
      });
    }
  }
  return operations;
}

type Target = { in: 'body' | 'query' | 'path'; key: string };

function targetsOf(op: Operation): Target[] {
  return [
    ...Object.keys(op.body?.properties ?? {}).map((key) => ({ in: 'body' as const, key })),
    ...Object.keys(op.query.properties ?? {}).map((key) => ({ in: 'query' as const, key })),
    ...op.pathParams.map(({ name }) => ({ in: 'path' as const, key: name })),
  ];
}

const BOUNDARY = '----tend-chaos-boundary';

function multipartBody(file: Extract<Mutation, { kind: 'multipart' }>): Buffer {
  const heads: Record<typeof file.file, Buffer> = {
    random: Buffer.from(file.bytes),
    'png-header': Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), file.bytes]),
    'gif-header': Buffer.concat([Buffer.from('GIF89a'), file.bytes]),
    empty: Buffer.alloc(0),
    'too-large': Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(2_200_000)]),
    broken: Buffer.from(file.bytes),
  };
  const start = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="x.png"\r\nContent-Type: image/png\r\n\r\n`;
  const end = file.file === 'broken' ? '' : `\r\n--${BOUNDARY}--\r\n`;
  return Buffer.concat([Buffer.from(start), heads[file.file], Buffer.from(end)]);
}

interface Values {
  path: Record<string, unknown>;
  query: Record<string, unknown>;
  body: Record<string, unknown> | undefined;
}

function setAt(values: Values, target: Target, value: unknown): void {
  if (target.in === 'body') values.body = { ...values.body, [target.key]: value };
  else values[target.in][target.key] = value;
}

function deleteAt(values: Values, target: Target): void {
  const bag = target.in === 'body' ? values.body : values[target.in];
  if (bag) delete bag[target.key];
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
}

/** Path segments are encoded, except a few raw ones that try to escape the route. */
function pathSegment(value: unknown): string {
  const text = asText(value);
  if (/^(%|\.\.)/.test(text) || text.startsWith('@@')) return text;
  // A lone surrogate has no UTF-8 form; the client would send U+FFFD in its place.
  return encodeURIComponent(text.toWellFormed());
}

function build(op: Operation, actor: Actor, values: Values, m: Mutation, ip: number): FuzzRequest {
  const targets = targetsOf(op);
  const target = (pick: number) => targets[pick % Math.max(targets.length, 1)];
  const headers: Record<string, string> = {};
  let payload: string | Buffer | undefined;
  let rawPayload = false;
  const queryExtra: [string, string][] = [];

  switch (m.kind) {
    case 'wrong-type':
    case 'unicode':
    case 'bad-date': {
      const t = target(m.pick);
      if (t) setAt(values, t, m.value);
      break;
    }
    case 'huge-string': {
      const t = target(m.pick);
      if (t) setAt(values, t, 'x'.repeat(t.in === 'body' ? m.length : Math.min(m.length, 20_000)));
      break;
    }
    case 'missing': {
      const t = target(m.pick);
      if (t) deleteAt(values, t);
      break;
    }
    case 'unknown-field':
      values.body = { ...values.body, [m.key]: m.value };
      break;
    case 'bad-id':
      for (const p of op.pathParams) values.path[p.name] = m.value;
      if (op.pathParams.length === 0 && values.body)
        values.body = { ...values.body, doctorId: m.value };
      break;
    case 'content-type':
      headers['content-type'] = m.value;
      payload = JSON.stringify(values.body ?? {});
      rawPayload = true;
      break;
    case 'bad-json':
      headers['content-type'] = 'application/json';
      payload = m.value;
      rawPayload = true;
      break;
    case 'oversized':
      headers['content-type'] = 'application/json';
      payload = `{"name":"${'x'.repeat(m.bytes)}"}`;
      rawPayload = true;
      break;
    case 'bad-query':
      queryExtra.push([m.key, m.value]);
      break;
    case 'bad-auth':
      headers.authorization = m.value;
      break;
    case 'multipart':
      headers['content-type'] = `multipart/form-data; boundary=${BOUNDARY}`;
      payload = multipartBody(m);
      rawPayload = true;
      break;
    case 'none':
      break;
  }

  let path = op.path;
  for (const p of op.pathParams)
    path = path.replace(`{${p.name}}`, pathSegment(values.path[p.name]));
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(values.query)) {
    for (const item of Array.isArray(value) ? value : [value]) search.append(key, asText(item));
  }
  for (const [key, value] of queryExtra) search.append(key, value);
  const query = search.toString();

  if (!rawPayload && values.body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(values.body);
  }
  return {
    route: `${op.method} ${op.path}`,
    actor,
    mutation: m.kind,
    method: op.method,
    url: query ? `${path}?${query}` : path,
    headers,
    payload,
    remoteAddress: `192.0.2.${ip}`,
  };
}

export function requestArbitrary(operations: Operation[]): fc.Arbitrary<FuzzRequest> {
  return fc.constantFrom(...operations).chain((op) =>
    fc
      .record({
        actor: fc.constantFrom<Actor>('patient', 'doctor', 'anonymous'),
        path: fc.record(
          Object.fromEntries(op.pathParams.map((p) => [p.name, validValue(p.schema, p.name)])),
        ),
        query: validObject(op.query),
        body: op.body ? validObject(op.body) : fc.constant(undefined),
        mutation,
        ip: fc.integer({ min: 1, max: 8 }),
      })
      .map(({ actor, path, query, body, mutation: m, ip }) =>
        build(op, actor, { path, query, body }, m, ip),
      ),
  );
}
