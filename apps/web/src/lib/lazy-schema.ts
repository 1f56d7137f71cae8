/**
 * A zod schema built the first time something reads it (docs/decisions/043-lazy-schemas.md). The
 * web build wraps each module-level schema of ours in this (scripts/lib/lazy-schemas-plugin.ts):
 * built at load, the few hundred schemas of the shared contract cost a phone about 150 ms of
 * blocked main thread before the first page could answer, while a page uses a dozen of them.
 *
 * Every read goes to the built schema, and its methods are bound to it, so zod sees its own object
 * (its registries and checks go by identity) whichever of the two a caller holds.
 */
export function lazySchema<T extends object>(build: () => T): T {
  let built: T | undefined;
  const real = (): T => (built ??= build());
  // One bound copy per method, so `schema.parse === schema.parse` still holds.
  const bound = new WeakMap<object, unknown>();
  return new Proxy({} as T, {
    get(_target, key) {
      const schema = real();
      const value: unknown = Reflect.get(schema, key, schema);
      if (typeof value !== 'function') return value;
      let method = bound.get(value);
      if (method === undefined) {
        method = (value as (...args: unknown[]) => unknown).bind(schema);
        bound.set(value, method);
      }
      return method;
    },
    set: (_target, key, value) => Reflect.set(real(), key, value),
    has: (_target, key) => Reflect.has(real(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(real()),
  });
}
