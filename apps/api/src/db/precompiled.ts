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
  const nameOf = new Map(names.map((name) => [placeholders[name], name]));
  const slots = compiled.parameters.map((value) =>
    typeof value === 'string' ? nameOf.get(value) : undefined,
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

/**
 * `precompile` for a repository function that is given any executor (the database or one of its
 * transactions): compiled on first use, once for each dialect the process runs.
 */
export function precompilePerDialect<Row, Name extends string>(
  names: readonly Name[],
  build: (executor: Executor, values: Record<Name, string>) => Compilable<Row>,
): (executor: Executor, values: Record<Name, unknown>) => Promise<QueryResult<Row>> {
  // A database and its transactions share their executor's adapter; each dialect has its own.
  const byAdapter = new WeakMap<object, ReturnType<typeof precompile<Row, Name>>>();
  return (executor, values) => {
    const adapter = executor.getExecutor().adapter;
    let run = byAdapter.get(adapter);
    if (!run) {
      run = precompile(names, (p) => build(executor, p));
      byAdapter.set(adapter, run);
    }
    return run(executor, values);
  };
}
