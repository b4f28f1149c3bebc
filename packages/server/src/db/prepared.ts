import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { Database } from './schema.ts';

/** Stands for the i-th argument while the query is built; never reaches the database. */
const placeholder = (i: number) => `\u0000rada:prepared:${i}\u0000`;

interface Template {
  compiled: CompiledQuery;
  /** For each of the compiled parameters: the argument it takes, or -1 to keep the value. */
  from: number[];
}

/**
 * A query of fixed shape that Kysely builds and compiles once per dialect, then runs with each
 * call's values. Building and compiling a query costs more than SQLite takes to run a small
 * one: on a device batch's path (authentication and ingest, ten queries) it was a third of the
 * server's work (bench fanout).
 *
 * `build` gets a placeholder in place of each argument and must use each one as a plain value
 * (a comparison, a column value): never in arithmetic, `in` lists, or anything that decides the
 * query's shape. A placeholder the compiled query lacks is an error at the first call.
 */
export function prepared<A extends unknown[], R>(
  build: (db: Kysely<Database>, ...args: A) => Compilable<R>,
): (db: Kysely<Database>, ...args: A) => Promise<QueryResult<R>> {
  // One template per adapter: SQLite and PostgreSQL compile to different SQL.
  const templates = new WeakMap<object, Template>();
  const arity = build.length - 1;

  const template = (db: Kysely<Database>): Template => {
    const adapter = db.getExecutor().adapter;
    let made = templates.get(adapter);
    if (made) return made;
    const names = Array.from({ length: arity }, (_, i) => placeholder(i));
    const compiled = build(db, ...(names as A)).compile();
    const from = compiled.parameters.map((value) =>
      typeof value === 'string' ? names.indexOf(value) : -1,
    );
    const missing = names.findIndex((_, i) => !from.includes(i));
    if (missing >= 0) throw new Error(`prepared query does not use argument ${missing}`);
    made = { compiled, from };
    templates.set(adapter, made);
    return made;
  };

  return (db, ...args) => {
    const { compiled, from } = template(db);
    const parameters = from.map((i, k) => (i < 0 ? compiled.parameters[k] : args[i]));
    return db.executeQuery<R>({ ...compiled, parameters } as CompiledQuery<R>);
  };
}
