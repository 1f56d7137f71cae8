import { CompiledQuery, type Compilable, type QueryResult } from 'kysely';
import type { Executor } from './schema.ts';

const placeholder = (name: string) => `\u0000tend-parameter:${name}\u0000`;

/**
 * A query built and compiled to SQL once, then run with new values: for the few queries every
 * request makes (the session check, the medication list), where building and compiling a Kysely
 * query each time cost more than running it. `build` receives a placeholder string per parameter
 * name and uses each as a value; compiling must send every placeholder as a bound parameter (never
 * inline it), or this throws at start-up. SQLite keeps the statement prepared (sqlite-adapter.ts).
 */
export function precompile<Row, Name extends string>(
  names: readonly Name[],
  build: (values: Record<Name, string>) => Compilable<Row>,
): (executor: Executor, values: Record<Name, unknown>) => Promise<QueryResult<Row>> {
  const placeholders = Object.fromEntries(names.map((name) => [name, placeholder(name)]));
  const compiled = build(placeholders as Record<Name, string>).compile();
  const slots = compiled.parameters.map((value) =>
    names.find((name) => value === placeholders[name]),
  );
  const missing = names.filter((name) => !slots.includes(name));
  if (missing.length > 0) {
    throw new Error(`precompile: ${missing.join(', ')} did not become bound parameters`);
  }
  return (executor, values) =>
    executor.executeQuery<Row>(
      CompiledQuery.raw(
        compiled.sql,
        slots.map((name, i) => (name === undefined ? compiled.parameters[i] : values[name])),
      ),
    );
}
