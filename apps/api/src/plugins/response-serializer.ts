import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

type JsonSchema = Record<string, unknown>;
type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];

const PRIMITIVE = new Set(['string', 'number', 'integer', 'boolean']);
const isSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Shapes zod's JSON Schema for fast-json-stringify, keeping what is written the same:
 * - `anyOf: [{ type: 'string' }, { type: 'null' }]` (zod's .nullable()) becomes
 *   `type: ['string', 'null']`, which is written directly; an anyOf is decided by running Ajv on
 *   each branch, on every value.
 * - `additionalProperties: false` goes: fast-json-stringify writes only the listed properties
 *   anyway, and inside a union Ajv would refuse a branch whose object carries an extra field,
 *   where zod picks the branch and drops the field.
 */
export function forSerializing(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(forSerializing);
  if (!isSchema(schema)) return schema;
  const anyOf = schema.anyOf;
  if (Array.isArray(anyOf) && anyOf.length === 2 && Object.keys(schema).length === 1) {
    const nullAt = anyOf.findIndex(
      (s) => isSchema(s) && s.type === 'null' && Object.keys(s).length === 1,
    );
    const other: unknown = anyOf[1 - nullAt];
    if (
      nullAt >= 0 &&
      isSchema(other) &&
      typeof other.type === 'string' &&
      PRIMITIVE.has(other.type)
    ) {
      return {
        ...(forSerializing(other) as JsonSchema),
        type: [other.type, 'null'],
        ...(Array.isArray(other.enum) ? { enum: [...(other.enum as unknown[]), null] } : {}),
      };
    }
  }
  const result: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key === '$schema' || (key === 'additionalProperties' && value === false)) continue;
    result[key] =
      key === 'properties' && isSchema(value)
        ? Object.fromEntries(Object.entries(value).map(([name, s]) => [name, forSerializing(s)]))
        : forSerializing(value);
  }
  return result;
}

type Serialize = (data: unknown) => string;

/** fast-json-stringify's writer for a zod schema, or undefined when JSON Schema cannot express it. */
function fastWriter(schema: unknown): Serialize | undefined {
  try {
    const json = z.toJSONSchema(schema as z.ZodType, {
      target: 'draft-7',
      io: 'output',
      unrepresentable: 'throw',
    });
    return fastJson(forSerializing(json) as Parameters<typeof fastJson>[0]);
  } catch {
    return undefined;
  }
}

/**
 * An answer kept to be given again unchanged (a cached page): frozen, all the way down, so it can
 * never change, and its JSON is then written once and reused for as long as it is kept (below).
 * Any route may keep answers this way.
 */
export function keptAnswer<T extends object>(answer: T): Readonly<T> {
  const freeze = (value: unknown) => {
    if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return;
    Object.freeze(value);
    for (const inner of Object.values(value)) freeze(inner);
  };
  freeze(answer);
  return answer;
}

// Kept answers' JSON, per route schema's writer (a frozen object cannot change, so neither can it).
const writtenKept = new WeakMap<Serialize, WeakMap<object, string>>();

function writeOnce(write: Serialize, data: object): string {
  let written = writtenKept.get(write);
  if (!written) {
    written = new WeakMap();
    writtenKept.set(write, written);
  }
  let json = written.get(data);
  if (json === undefined) {
    json = write(data);
    written.set(data, json);
  }
  return json;
}

// One writer per schema object: most routes share the error schemas.
const writers = new WeakMap<object, Serialize | undefined>();

/**
 * Response bodies written from each route's zod schema converted to JSON Schema
 * (fast-json-stringify), instead of running zod on every response: only the fields the shared
 * schema names are written, so nothing else a row carries leaks. Each writer is built on its
 * schema's first answer, not at start-up: building every route's error writers took 25 MB an idle
 * server never used. A schema JSON Schema cannot express (a transform, a date) keeps zod's
 * serializer, and so does a value the fast one refuses (a required field missing, a union no
 * branch of which fits): zod then writes it or refuses it as before. Unlike zod, it does not check
 * an enum's value or a string's format on the way out.
 */
export const serializerCompiler: FastifySerializerCompiler<RouteSchema['schema']> = (route) => {
  const viaZod = zodSerializerCompiler(route);
  const schema = route.schema as object;
  let fast: Serialize | undefined;
  let built = false;
  return (data) => {
    if (!built) {
      if (!writers.has(schema)) writers.set(schema, fastWriter(schema));
      fast = writers.get(schema);
      built = true;
    }
    if (!fast) return viaZod(data);
    try {
      const answer: unknown = data;
      if (typeof answer === 'object' && answer !== null && Object.isFrozen(answer)) {
        return writeOnce(fast, answer);
      }
      return fast(data);
    } catch {
      return viaZod(data);
    }
  };
};
