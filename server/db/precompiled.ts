// Queries built and compiled once per database, then run with new values. Kysely builds and
// compiles a query anew on every run, which cost more than running a short read itself (the
// issue 8 profile: about a fifth of a short request; issue 21: building a timeline page's
// statements cost about as much as running them). Kept for the few queries every request
// runs, and a timeline page's one statement (memories/browse-queries.ts); the rest build as usual.
import type { CompiledQuery, Compilable } from 'kysely';
import type { Db } from './index.js';

/** Stand-ins for the values while the query is built; no real value looks like one. */
const placeholder = (name: string) => `\u0000precompiled:${name}\u0000`;

export type Precompiled<P extends Record<string, unknown>, R> = (db: Db, values: P) => Promise<R[]>;

/**
 * `build` gets a stand-in for each named value and must pass each to the query as a value
 * (a bound parameter), so the compiled SQL is the same whatever the values are. A stand-in
 * that does not come out as a parameter (quoted into the text, or dropped) is refused when the
 * query is first compiled, never silently sent.
 */
export function precompiled<P extends Record<string, unknown>, R>(names: readonly (keyof P & string)[], build: (db: Db, values: P) => Compilable<R>): Precompiled<P, R> {
  const compiledFor = new WeakMap<Db, { query: CompiledQuery<R>; slots: (keyof P | undefined)[] }>();
  return async (db, values) => {
    let compiled = compiledFor.get(db);
    if (!compiled) {
      const standIns = Object.fromEntries(names.map((name) => [name, placeholder(name)])) as unknown as P;
      const query = build(db, standIns).compile();
      const slots = query.parameters.map((parameter) => names.find((name) => parameter === placeholder(name)));
      const missing = names.filter((name) => !slots.includes(name));
      if (missing.length > 0 || query.sql.includes('\u0000')) throw new Error(`precompiled query: ${missing.join(', ') || 'a value'} is not a bound parameter in ${query.sql}`);
      compiled = { query, slots };
      compiledFor.set(db, compiled);
    }
    const { query, slots } = compiled;
    const parameters = query.parameters.map((parameter, index) => (slots[index] === undefined ? parameter : values[slots[index]!]));
    return (await db.executeQuery<R>({ ...query, parameters })).rows;
  };
}
