/**
 * Plausible, mostly valid values for a field of the OpenAPI document, so that a request with one
 * thing wrong gets past everything else and reaches the deeper checks (services, transactions).
 * Dates are plain strings in the document, so fields are also recognised by name.
 */
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  pattern?: string;
}

/** Placeholders replaced at send time by ids that exist then (fixtures are recreated as the fuzz goes). */
export const REFS = [
  'ownMedication',
  'otherMedication',
  'linkId',
  'linkedDoctor',
  'unlinkedDoctor',
  'ownPatient',
  'otherPatient',
] as const;
export type Ref = (typeof REFS)[number];
export const refToken = (ref: Ref) => `@@${ref}@@`;

/** The password of the signed-in actors, so some requests get past the password check. */
export const ACTOR_PASSWORD = 'fuzzing actor passphrase 2026';

const today = new Date().toISOString().slice(0, 10);

export const validDate = fc.oneof(
  fc.constant(today),
  fc.constantFrom('2026-01-01', '2025-12-31', '2024-02-29', '1970-01-01', '2099-12-31'),
);

const idValue = fc.oneof(
  fc.constantFrom(...REFS).map(refToken),
  fc.uuid(),
  fc.constantFrom('0190d1e8-0000-7000-8000-000000000000', 'not-an-id'),
);

function byName(name: string): fc.Arbitrary<unknown> | undefined {
  const n = name.toLowerCase();
  if (/date|^from$|^to$/.test(n)) return validDate;
  if (n === 'email') {
    return fc.oneof(fc.emailAddress(), fc.constant('someone@example.org'));
  }
  if (/password/.test(n)) {
    return fc.oneof(fc.constant(ACTOR_PASSWORD), fc.string({ minLength: 8, maxLength: 40 }));
  }
  if (n === 'timezone') return fc.constantFrom('UTC', 'Europe/Paris', 'Pacific/Kiritimati');
  if (n === 'id' || n.endsWith('id')) return idValue;
  if (n === 'number') return fc.constantFrom('+44 20 7946 0000', '555-0100');
  return undefined;
}

function types(schema: JsonSchema): string[] {
  if (Array.isArray(schema.type)) return schema.type;
  return schema.type ? [schema.type] : [];
}

export function validValue(schema: JsonSchema, name = ''): fc.Arbitrary<unknown> {
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s) => validValue(s, name)));
  const options = types(schema);
  if (options.length > 1) {
    return fc.oneof(...options.map((type) => validValue({ ...schema, type }, name)));
  }
  switch (options[0]) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? 0, max: schema.maximum ?? 1000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? 0, max: schema.maximum ?? 1000, noNaN: true });
    case 'array':
      return fc.array(validValue(schema.items ?? {}, name), { maxLength: 3 });
    case 'object':
      return validObject(schema);
    default: {
      const named = byName(name);
      if (named) return named;
      return fc.string({
        minLength: Math.max(schema.minLength ?? 1, 1),
        maxLength: Math.min(schema.maxLength ?? 40, 40),
        unit: 'grapheme-ascii',
      });
    }
  }
}

/** Every required field, and any of the optional ones. */
export function validObject(schema: JsonSchema): fc.Arbitrary<Record<string, unknown>> {
  const properties = schema.properties ?? {};
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [key, value] of Object.entries(properties)) record[key] = validValue(value, key);
  return fc.record(record, { requiredKeys: schema.required ?? [] });
}
