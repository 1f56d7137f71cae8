import { stripTypeScriptTypes } from 'node:module';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { lazySchema } from '../../apps/web/src/lib/lazy-schema.ts';
import { wrapSchemas } from './lazy-schemas-plugin.ts';

const transformed = (source: string) => wrapSchemas(stripTypeScriptTypes(source))?.code;

describe('wrapping module-level schemas for the web build', () => {
  it('wraps schemas made from z, from schemas before them and from imported …Schema', () => {
    const code = transformed(`
      import { z } from 'zod';
      import { pageQuerySchema, LIMIT } from './pagination.ts';
      const base = z.object({ a: z.string() });
      export const extended = base.extend({ b: z.number() });
      export const paged = pageQuerySchema.extend({ c: z.boolean() });
      export const chained = z.string().min(1).max(LIMIT);
    `);
    expect(code).toContain(`import { lazySchema as __lazySchema }`);
    expect(code?.match(/\/\* @__PURE__ \*\/ __lazySchema\(\(\) => /g)).toHaveLength(4);
    expect(code).toContain('__lazySchema(() => base.extend({ b: z.number() }))');
  });

  it('leaves alone what is not a schema: constants, arrays, helpers, parse results', () => {
    const source = `
      import { z } from 'zod';
      export const LIMIT = 20;
      export const KINDS = ['a', 'b'];
      const text = (max) => z.string().max(max);
      const fields = { name: z.string() };
      export const parsed = z.string().parse('x');
      export const named = text(5);
      export const keys = Object.keys(fields);
      export const optional = z.string().isOptional();
      export const described = z.string().meta();
    `;
    expect(transformed(source)).toBeUndefined();
  });

  it('leaves a module without zod untouched', () => {
    expect(transformed(`export const a = b.extend({});`)).toBeUndefined();
  });
});

describe('a schema built on first use', () => {
  it('is not built until read, then once, and behaves as the schema it stands for', () => {
    let builds = 0;
    const inner = lazySchema(() => {
      builds++;
      return z.object({ name: z.string().min(1) });
    });
    const outer = z.object({ person: inner, tags: z.array(z.string()) });
    expect(builds).toBe(0);

    expect(outer.safeParse({ person: { name: 'Ana' }, tags: [] }).success).toBe(true);
    const refused = outer.safeParse({ person: { name: '' }, tags: [] });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.path).toEqual(['person', 'name']);
    expect(inner.parse({ name: 'Bo' })).toEqual({ name: 'Bo' });
    expect(inner instanceof z.ZodObject).toBe(true);
    // The same bound method each time it is read.
    const read = (key: 'safeParse') => Reflect.get(inner, key) as unknown;
    expect(read('safeParse')).toBe(read('safeParse'));
    expect(Object.keys(inner.shape)).toEqual(['name']);
    expect(inner.extend({ age: z.number() }).parse({ name: 'Cy', age: 3 })).toEqual({
      name: 'Cy',
      age: 3,
    });
    expect(builds).toBe(1);
  });
});
